"""The benchmark's fast rows are the rows the service would write for the same payment."""

import random
from datetime import UTC, datetime, timedelta

import pytest
from ulid import ULID

from bench.payment_data import PARTICIPANTS_PER_PROVIDER, _payment, generate_people
from bench.payment_rows import (
    ENTRY_COLUMNS,
    PAYMENT_COLUMNS,
    entry_rows,
    payment_row,
    reference,
    seen_names,
    ulid,
)
from participants.models import Enrollment
from payments.entries import entries_for, party_names
from payments.models import REFERENCE_ALPHABET, REFERENCE_LENGTH, Payment, PaymentEntry
from providers.models import Provider

pytestmark = pytest.mark.django_db


def test_columns_are_the_tables_concrete_columns():
    assert set(PAYMENT_COLUMNS) == {f.attname for f in Payment._meta.concrete_fields}
    entry = {f.attname for f in PaymentEntry._meta.concrete_fields} - {"id"}
    assert set(ENTRY_COLUMNS) == entry


def test_entry_rows_are_what_entries_for_makes():
    providers = [Provider.objects.create(name=f"rows-{n}") for n in range(3)]
    people = {p.id: generate_people(p) for p in providers}
    by_enrollment = {e.pk: e for e in Enrollment.objects.all()}
    rng = random.Random(7)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    kinds = set()
    unbound_named = 0
    for n in range(600):
        row = payment_row(rng, providers[0].id, people, start + timedelta(minutes=n), "R")
        payment = _payment(row)
        payment.initiator_enrollment = by_enrollment[payment.initiator_enrollment_id]
        if payment.counterparty_enrollment_id:
            payment.counterparty_enrollment = by_enrollment[payment.counterparty_enrollment_id]
        expected = [
            tuple(getattr(entry, column) for column in ENTRY_COLUMNS)
            for entry in entries_for(payment)
        ]
        assert entry_rows(row) == expected
        names = {(n.provider_id, n.participant_id, n.name) for n in party_names(payment)}
        assert set(seen_names(row)) == names
        kinds.add((len(expected), payment.type, bool(payment.counterparty_name)))
        unbound_named += bool(payment.counterparty_name and not payment.counterparty_participant_id)
    # The sample covers one, two and four entries, payouts and requests, named counterparties.
    assert {count for count, _, _ in kinds} == {1, 2, 4}
    assert {kind for _, kind, _ in kinds} == {"payout", "request"}
    assert len(people[providers[0].id]) == PARTICIPANTS_PER_PROVIDER
    assert unbound_named  # recipients who claimed without being participants, by name


def test_references_are_distinct_and_well_formed():
    refs = {reference(serial, salt=12345) for serial in range(50_000)}
    assert len(refs) == 50_000
    assert all(len(r) == REFERENCE_LENGTH and set(r) <= set(REFERENCE_ALPHABET) for r in refs)


def test_ulid_encodes_the_moment_like_the_library():
    moment = datetime(2026, 3, 4, 5, 6, 7, 890000, tzinfo=UTC)
    value = ulid(moment, random.Random(1))
    assert ULID.from_str(value).datetime == moment
    assert str(ULID.from_str(value)) == value
