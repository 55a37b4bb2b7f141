"""The migration to search by party (payments 0005) on a populated database: every entry gains
its memo and unbound name as the service writes them, and every name a provider saw is kept,
memos and names with line breaks included."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from payments.entries import entries_for, party_names
from payments.models import PartyName, Payment, PaymentEntry
from tests.payments.factories import enroll, make_payment

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("payments", "0004_other_party_page_order")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def _entries():
    return {
        (e.payment_id, e.provider_id, e.participant_id): (e.search_memo, e.unbound_name)
        for e in PaymentEntry.objects.all()
    }


def test_entries_and_names_are_filled_in_from_the_rows_they_have(provider, other_provider):
    zoe = enroll(provider.provider, given="Zoë", family="Ärnström")
    kofi = enroll(other_provider.provider, given="Kofi", family="Mensah")
    payments = [
        make_payment(zoe, memo="Rent for MARCH", counterparty=kofi),
        make_payment(zoe, memo="Line one\nLine two", counterparty=kofi, counterparty_name="K. M"),
        make_payment(zoe, counterparty_name="Sam\nClaimant", status="claiming"),
        make_payment(zoe, counterparty_name="Ÿves Ünbound", memo="Tacos", status="claiming"),
        make_payment(kofi, type="request", counterparty=zoe),
        make_payment(zoe),
    ]
    expected_entries = _entries()
    expected_names = set(PartyName.objects.values_list("provider_id", "participant_id", "name"))
    # What the service would write, computed apart from the tables.
    fresh = [Payment.objects.get(pk=p.pk) for p in payments]
    assert expected_names == {
        (n.provider_id, n.participant_id, n.name) for p in fresh for n in party_names(p)
    }
    assert {
        (e.payment_id, e.provider_id, e.participant_id): (e.search_memo, e.unbound_name)
        for p in fresh
        for e in entries_for(p)
    } == expected_entries
    assert ("line one\nline two", "") in expected_entries.values()
    assert ("", "sam\nclaimant") in expected_entries.values()
    assert ("tacos", "ÿves ünbound") in expected_entries.values()

    _migrate(BEFORE)  # the columns and the names are gone; the rows stay
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM payments_paymententry")
        assert cursor.fetchone()[0] == len(expected_entries)
    _migrate(_latest())

    assert _entries() == expected_entries
    assert (
        set(PartyName.objects.values_list("provider_id", "participant_id", "name"))
        == expected_names
    )
