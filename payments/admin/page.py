"""What the staff page of one payment shows: its parties, the amount with its currency, the
hold, every operation with its rail, status and references, every funding attempt, the status
history with who and why, the ledger calls with each callback attempt, its reviews and risk
assessments (links, through `payments.case_links`) and the events sent about it.

Reads only, a fixed number of queries (one per kind of row)."""

from dataclasses import dataclass

from common.money import amount_json
from common.words import words
from events.models import Event
from ledger.models import LedgerCall
from payments.case_links import links_of
from payments.models import FundingAttempt, Payment, PaymentEvent


def money(amount_minor: int, currency: str) -> str:
    return f"{amount_json(amount_minor, currency)['value']} {currency}"


@dataclass
class Party:
    role: str
    name: str
    participant_id: str
    external_id: str
    provider: str
    phone: str
    funding: str
    enrolled_on: object = None


def _funding(source) -> str:
    if source is None:
        return ""
    label = source.display_name or words(source.funding_type)
    return f"{label} ···{source.last4}" if source.last4 else label


def parties_of(payment: Payment) -> list[Party]:
    initiator_role, counterparty_role = (
        ("Sender", "Recipient") if payment.is_payout else ("Requester", "Payer")
    )
    sender = payment.initiator_enrollment
    parties = [
        Party(
            role=initiator_role,
            name=sender.full_name,
            participant_id=payment.initiator_participant_id,
            external_id=sender.external_id,
            provider=payment.initiator_provider.name,
            phone="",
            funding=_funding(payment.initiator_funding_source),
            enrolled_on=sender.created_on,
        )
    ]
    other = payment.counterparty_enrollment
    parties.append(
        Party(
            role=counterparty_role,
            name=payment.counterparty_name or (other.full_name if other else "not known yet"),
            participant_id=payment.counterparty_participant_id,
            external_id=other.external_id if other else "",
            provider=payment.counterparty_provider.name if payment.counterparty_provider else "",
            phone=payment.counterparty_phone,
            funding=_funding(payment.counterparty_funding_source),
            enrolled_on=other.created_on if other else None,
        )
    )
    return parties


def page_of(payment: Payment) -> dict:
    history = [
        {"event": event, "actor": event.actor.label}
        for event in PaymentEvent.objects.filter(payment=payment).order_by("occurred_on", "id")
    ]
    calls = (
        LedgerCall.objects.filter(payout_id=payment.pk)
        .select_related("provider")
        .prefetch_related("attempt_log")
        .order_by("created_on", "id")
    )
    viewers = {payment.initiator_provider_id, payment.counterparty_provider_id} - {None}
    # Payment events carry the payment's row (paymentID); the feed index narrows by provider
    # and time, the payment's own events are never older than the payment.
    events = (
        Event.objects.filter(
            provider_id__in=viewers,
            created_on__gte=payment.created_on,
            data__paymentID=payment.pk,
        )
        .select_related("provider")
        .prefetch_related("deliveries")
        .order_by("created_on", "id")
    )
    score = payment.fraud_score
    return {
        "payment": payment,
        "kind": "payout" if payment.is_payout else "request",
        "amount": money(payment.amount_minor, payment.currency),
        "fraud_score": None if score is None else round(score * 100),
        "parties": parties_of(payment),
        "operations": list(payment.operations.order_by("created_on", "id")),
        "funding_attempts": list(
            FundingAttempt.objects.filter(payment=payment).order_by("created_on", "id")
        ),
        "history": history,
        "ledger_calls": list(calls),
        "events": list(events),
        "links": links_of(payment.pk),
    }
