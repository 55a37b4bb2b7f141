"""Dropping retired partitions waits for no reader of the live tables: once a retirement has
detached them, their drop locks those tables alone. A partition still attached cannot be
dropped while a transaction reads its table (the retirement's old way of dropping waited for
every such reader, and every event write waited behind it)."""

from contextlib import contextmanager
from datetime import timedelta

import psycopg
import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.utils import timezone

from common import partitions
from events import retention
from tests.partitions.history import endpoint, event_with_attempt, make_partitions, month_start

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TABLES = ("events_event", "events_delivery", "events_deliveryattempt")


def _other_session() -> psycopg.Connection:
    params = connection.settings_dict
    return psycopg.connect(
        dbname=params["NAME"],
        user=params["USER"],
        password=params["PASSWORD"],
        host=params["HOST"],
        port=params["PORT"] or 5432,
    )


@contextmanager
def reading_events():
    """Another session in a transaction that has read the live event table: it holds the
    table's lock until it ends, as a long feed read would."""
    with _other_session() as other:
        other.execute("SELECT count(*) FROM events_event")  # psycopg opened a transaction
        try:
            yield
        finally:
            other.rollback()


@pytest.fixture
def lock_timeout():
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = '1s'")
    yield
    with connection.cursor() as cursor:
        cursor.execute("RESET lock_timeout")


def test_retired_partitions_are_dropped_while_the_live_table_is_read(provider, lock_timeout):
    now = timezone.now()
    expired = month_start(now, -3)
    for table in TABLES:
        make_partitions(table, expired)
    event_with_attempt(provider.id, endpoint(provider.id), expired + timedelta(days=1))
    purge_now = month_start(now, -2) + timedelta(seconds=1, days=settings.EVENT_RETENTION_DAYS)
    assert retention.retire_expired_events(now=purge_now) >= 3

    with reading_events():
        assert partitions.drop_retired() >= 3  # within the lock timeout

    assert partitions.retired_tables() == []


def test_an_attached_partition_cannot_be_dropped_while_its_table_is_read(provider, lock_timeout):
    month = month_start(timezone.now(), -4)
    make_partitions("events_event", month)
    name = f"events_event_p{month.year}_{month.month:02d}"
    try:
        with (
            reading_events(),
            pytest.raises(OperationalError, match="lock timeout"),
            connection.cursor() as cursor,
        ):
            cursor.execute(f'DROP TABLE "{name}"')
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP TABLE IF EXISTS "{name}"')
