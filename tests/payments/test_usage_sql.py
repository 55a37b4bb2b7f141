"""On PostgreSQL a sender's send usage is one statement built once per process
(payments.usage_sql); SQLite keeps the ORM's aggregate. Both run here on PostgreSQL over the
same payments and are held to the same usage, window by window."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from payments import selectors, usage_sql
from tests.payments.factories import enroll, make_payment

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)  # a Wednesday; its week began in June


def _both(enrollment, at, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(usage_sql, "applies", lambda: False)
        by_orm = selectors.send_usage(enrollment, at)
    with CaptureQueriesContext(connection) as queries:
        by_sql = selectors.send_usage(enrollment, at)
    assert len(queries) == 1 and "FILTER" in queries[0]["sql"]
    assert by_sql == by_orm
    assert all(type(value) is int for value in vars(by_sql).values())
    return by_sql


def test_the_statement_reads_what_the_orm_reads(provider, other_provider, monkeypatch):
    alice = enroll(provider.provider)
    assert _both(alice, AT, monkeypatch) == selectors.enforcement.SendUsage(0, 0, 0, 0)
    statuses = ["initiated", "authorized", "accepted", "claiming", "completed", "failed",
                "payout_failed", "cancelled", "expired", "denied"]  # fmt: skip
    offsets = [timedelta(0), timedelta(seconds=-1), timedelta(hours=-9), timedelta(days=-1),
               timedelta(days=-3), timedelta(days=-20), timedelta(days=-40),
               timedelta(microseconds=1), timedelta(hours=2)]  # fmt: skip
    for n, (status, offset) in enumerate(
        (status, offset) for status in statuses for offset in offsets
    ):
        make_payment(alice, status=status, amount_minor=3 ** (n % 13) + n, created_on=AT + offset)
    make_payment(alice, type="request", status="completed", amount_minor=10_000, created_on=AT)
    make_payment(enroll(other_provider.provider), status="completed", created_on=AT)
    for at in (AT, AT + timedelta(hours=3), AT - timedelta(days=1), AT + timedelta(days=6)):
        usage = _both(alice, at, monkeypatch)
    # A week later: nothing that day or that week, July's first day still in the month.
    assert (usage.daily_count, usage.weekly_amount_minor) == (0, 0)
    assert usage.monthly_amount_minor > 0
    today = _both(alice, AT, monkeypatch)
    assert today.daily_count == 5 * 3  # the five counted statuses, at AT, 1 s and 9 h before
    assert today.monthly_amount_minor == today.daily_amount_minor  # July began at midnight
    assert today.weekly_amount_minor > today.monthly_amount_minor  # the week began in June
