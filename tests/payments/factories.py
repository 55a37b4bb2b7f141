"""Payments in any state, written straight to the tables (for read-side tests), payments
created through the payments services, and participants made through the participants
services."""

import itertools
from datetime import timedelta

from django.utils import timezone

from common.ids import new_id
from participants import services as participant_services
from payments import services as payment_services
from payments.entries import rewrite_entries
from payments.models import Payment, PaymentType, new_reference_number

_counter = itertools.count(1)


def enroll(
    provider,
    *,
    given="Ada",
    family="Lovelace",
    phone=None,
    sources=("card",),
    external_id=None,
    email=None,
    country="US",
):
    """An active participant of `provider` (a Provider) with funding sources; the Enrollment."""
    n = next(_counter)
    enrollment = participant_services.create_participant(
        provider=provider,
        data=participant_services.NewParticipant(
            external_id=external_id or f"pay-ext-{n}",
            given_name=given,
            family_name=family,
            address_line1="1 Main St",
            city="Springfield",
            state_or_province="IL",
            postal_code="62701",
            country=country,
            phones=(("1", phone or f"41555{n % 100000:05d}"),),
            emails=(email,) if email else (),
            funding_sources=tuple(
                participant_services.NewFundingSource(
                    funding_type={"card": "card", "bank": "bank_account"}[kind],
                    provider_source_id=f"src-{n}-{i}",
                    display_name="Visa debit" if kind == "card" else "Checking",
                    last4=f"{(n * 7 + i) % 10000:04d}",
                )
                for i, kind in enumerate(sources)
            ),
        ),
    )
    participant_services.finish_onboarding(participant_id=enrollment.participant_id)
    enrollment.refresh_from_db()
    return enrollment


def new_payout(provider, sender, /, **overrides) -> Payment:
    """A payout created through the payments services: suspension, send limits, risk and the
    ledger authorize all run. `provider` is anything with an `id`, `sender` an Enrollment;
    keyword arguments replace any field of NewPayout (the sender by participantID, say)."""
    data = {
        "provider_id": provider.id,
        "sender": sender.external_id,
        "recipient_phone": "+14155550123",
        "amount_minor": 2500,
        "currency": "USD",
        **overrides,
    }
    return payment_services.create_payout(data=payment_services.NewPayout(**data))


def new_request(provider, requester, /, **overrides) -> Payment:
    """A request created through the payments services (suspension and risk run)."""
    data = {
        "provider_id": provider.id,
        "requester": requester.external_id,
        "payer_phone": "+14155550123",
        "amount_minor": 2500,
        "currency": "USD",
        **overrides,
    }
    return payment_services.create_request(data=payment_services.NewRequest(**data))


def make_payment(
    initiator,
    *,
    type=PaymentType.PAYOUT,
    status=None,
    amount_minor=1250,
    memo="",
    phone="+14155550199",
    counterparty=None,
    counterparty_name="",
    hold=False,
    hold_expires_on=None,
    created_on=None,
    completed=False,
) -> Payment:
    """A payment row and its entries, as the engine would have left them."""
    now = created_on or timezone.now()
    status = status or ("accepted" if type == PaymentType.PAYOUT else "created")
    source = initiator.funding_sources.order_by("created_on").first()
    payment = Payment(
        id=new_id("po" if type == PaymentType.PAYOUT else "rq"),
        type=type,
        status=status,
        reference_number=new_reference_number(),
        amount_minor=amount_minor,
        currency="USD",
        memo=memo,
        created_on=now,
        updated_on=now,
        expires_on=now + timedelta(days=14),
        initiator_provider_id=initiator.provider_id,
        initiator_enrollment=initiator,
        initiator_participant_id=initiator.participant_id,
        initiator_name=initiator.full_name,
        initiator_funding_source=source,
        counterparty_phone=phone,
        hold_active=hold,
        hold_expires_on=hold_expires_on if hold else None,
        completed_on=now if completed else None,
    )
    if counterparty is not None:
        payment.counterparty_provider_id = counterparty.provider_id
        payment.counterparty_enrollment = counterparty
        payment.counterparty_participant_id = counterparty.participant_id
        payment.counterparty_name = counterparty_name or counterparty.full_name
        payment.counterparty_funding_source = counterparty.funding_sources.order_by(
            "created_on"
        ).first()
    elif counterparty_name:
        payment.counterparty_name = counterparty_name
    payment.save(force_insert=True)
    rewrite_entries(payment)
    return payment
