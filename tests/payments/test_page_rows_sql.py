"""On PostgreSQL a list page's payments are read by the ORM's own statement compiled once
(payments.page_rows.ROWS); SQLite keeps the ORM's read. Both run here on PostgreSQL over the
same payments and are held to the same rows."""

import pytest

from payments import page_rows
from tests.payments.factories import enroll, make_payment

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_the_statement_reads_what_the_orm_reads(provider, other_provider):
    alice = enroll(provider.provider)
    bob = enroll(other_provider.provider, given="Bob", family="", phone="4155550177")
    payments = [
        make_payment(alice),
        make_payment(alice, counterparty=bob, memo="rent", hold=True, completed=True),
        make_payment(alice, type="request", counterparty_name="Someone"),
    ]
    ids = [payment.id for payment in payments]

    def by_id(rows):
        return sorted(rows, key=lambda row: row["id"])

    by_orm = by_id(page_rows._rows_orm(ids))
    assert page_rows.ROWS.applies()
    assert by_id(page_rows._rows(ids)) == by_orm
    assert len(by_orm) == 3 and by_orm[0].keys() == set(page_rows._ROW_VALUES)
    assert page_rows._rows(ids[:1]) == [row for row in by_orm if row["id"] == ids[0]]
