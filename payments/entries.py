"""The read-side rows of a payment: who can see it, through which party, and what they search.

A provider sees a payment when one of its participants is a bound party (the initiator
always; the counterparty once bound). For each such provider there is one entry per bound
party, so the participant-scoped list of either party and the provider-wide `participantID`
filter are plain index range scans; exactly one entry per provider is primary (the
provider-wide list).
"""

from dataclasses import dataclass

from django.db import connections, router

from common.search import digits
from common.statements import (
    Statement,
    insert_rows,
    insert_statement,
    insert_values,
    update_where,
)
from payments.models import PartyName, Payment, PaymentEntry, PaymentType

SEARCH_SEPARATOR = "\n"  # between fields, so a query cannot match across two of them


@dataclass(frozen=True)
class Party:
    role: str
    participant_id: str
    provider_id: str | None  # the provider whose participant this is (None when unbound)
    enrollment: object | None
    recorded_name: str

    def name_for(self, viewer_id: str) -> str:
        """Own participant: its current name; anyone else: the name recorded on the payment."""
        if self.enrollment is not None and self.provider_id == viewer_id:
            return self.enrollment.full_name
        return self.recorded_name


def parties(payment: Payment) -> tuple[Party, Party]:
    initiator = Party(
        role=PaymentEntry.Role.INITIATOR,
        participant_id=payment.initiator_participant_id,
        provider_id=payment.initiator_provider_id,
        enrollment=payment.initiator_enrollment,
        recorded_name=payment.initiator_name,
    )
    counterparty = Party(
        role=PaymentEntry.Role.COUNTERPARTY,
        participant_id=payment.counterparty_participant_id,
        provider_id=payment.counterparty_provider_id,
        enrollment=payment.counterparty_enrollment if payment.counterparty_enrollment_id else None,
        recorded_name=payment.counterparty_name,
    )
    return initiator, counterparty


def direction(payment_type: str, role: str) -> str:
    """Money direction relative to the party: payouts flow initiator → counterparty, requests
    counterparty (payer) → initiator (requester)."""
    sends = (payment_type == PaymentType.PAYOUT) == (role == PaymentEntry.Role.INITIATOR)
    return PaymentEntry.Direction.SENT if sends else PaymentEntry.Direction.RECEIVED


def viewers(payment: Payment) -> list[str]:
    ids = [payment.initiator_provider_id]
    if payment.counterparty_provider_id and payment.counterparty_provider_id not in ids:
        ids.append(payment.counterparty_provider_id)
    return ids


def search_text(payment: Payment, viewer_id: str) -> str:
    fields = [payment.memo, *(party.name_for(viewer_id) for party in parties(payment))]
    return SEARCH_SEPARATOR.join(field.lower() for field in fields if field)


def party_names(payment: Payment) -> list[PartyName]:
    """The names each viewer sees for the payment's parties (unsaved; payments.search)."""
    return [
        PartyName(provider_id=viewer_id, participant_id=party.participant_id, name=name)
        for viewer_id in viewers(payment)
        for party in parties(payment)
        if (name := party.name_for(viewer_id).lower())
    ]


def entries_for(payment: Payment) -> list[PaymentEntry]:
    """The entries the payment should have now (unsaved)."""
    initiator, counterparty = parties(payment)
    bound = [party for party in (initiator, counterparty) if party.participant_id]
    memo = payment.memo.lower()
    unbound_name = "" if counterparty.participant_id else counterparty.recorded_name.lower()
    rows = []
    for viewer_id in viewers(payment):
        text = search_text(payment, viewer_id)
        primary_role = (
            PaymentEntry.Role.INITIATOR
            if viewer_id == payment.initiator_provider_id
            else PaymentEntry.Role.COUNTERPARTY
        )
        for party in bound:
            other = counterparty if party is initiator else initiator
            rows.append(
                PaymentEntry(
                    provider_id=viewer_id,
                    payment_id=payment.id,
                    participant_id=party.participant_id,
                    other_participant_id=other.participant_id,
                    role=party.role,
                    direction=direction(payment.type, party.role),
                    is_primary=party.role == primary_role,
                    payment_type=payment.type,
                    status=payment.status,
                    on_hold=payment.hold_active,
                    created_on=payment.created_on,
                    reference_number=payment.reference_number,
                    search_text=text,
                    search_digits=digits(payment.counterparty_phone),
                    search_memo=memo,
                    unbound_name=unbound_name,
                )
            )
    return rows


def rewrite_entries(payment: Payment, *, new: bool = False) -> None:
    """Replace the payment's entries (after creation or when a party is bound); a payment
    inserted in this transaction (`new`) has none to delete."""
    if not new:
        PaymentEntry.objects.filter(payment_id=payment.id).delete()
    _insert(entries_for(payment), party_names(payment))


def _insert_text(connection, entries: int, names: int) -> str:
    """One statement for both inserts (a name already kept is left as it is)."""
    entry_text, _ = insert_statement(PaymentEntry, entries)
    name_text, _ = insert_statement(PartyName, names)
    return f"WITH entries AS ({entry_text}) {name_text} ON CONFLICT DO NOTHING"


INSERT = Statement(PaymentEntry, _insert_text, write=True)


def _insert(entries: list[PaymentEntry], names: list[PartyName]) -> None:
    """The entries and the names seen, in one round trip on PostgreSQL (a statement built once
    per number of rows); elsewhere, and without names, as two inserts."""
    using = router.db_for_write(PaymentEntry)
    connection = connections[using]
    if not INSERT.applies() or not names or not entries:
        insert_rows(entries)
        PartyName.objects.using(using).bulk_create(names, ignore_conflicts=True)
        return
    # The fields given, whatever the number of rows.
    entry_fields, name_fields = (
        insert_statement(PaymentEntry, 1)[1],
        insert_statement(PartyName, 1)[1],
    )
    values = [v for e in entries for v in insert_values(e, entry_fields, connection)]
    values += [v for n in names for v in insert_values(n, name_fields, connection)]
    INSERT.execute(values, len(entries), len(names), connection=connection)


def copy_state_to_entries(payment: Payment) -> None:
    """Keep the entries' copies of status and hold in step with the payment."""
    update_where(
        PaymentEntry, {"status": payment.status, "on_hold": payment.hold_active}, payment=payment.id
    )
