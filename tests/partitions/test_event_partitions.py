"""Events, deliveries and attempts by month on PostgreSQL: partitions made ahead, a write at
a month's boundary in the right one, and a month retired by dropping its partitions; on any
database, expired events are neither served nor kept past the purge."""

from datetime import timedelta
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from common import partitions
from common.errors import NotFound
from events import retention, selectors
from events.models import Delivery, DeliveryAttempt, Event
from tests.partitions.history import (
    endpoint,
    event_with_attempt,
    make_partitions,
    month_start,
    partition_of,
    suffix,
)

pytestmark = pytest.mark.django_db

TABLES = ("events_event", "events_delivery", "events_deliveryattempt")


def names(table: str) -> list[str]:
    return [name for name, _ in partitions.partitions(table)]


@pytest.mark.postgres
def test_maintenance_makes_next_months_partitions_ahead_of_time():
    now = timezone.now()
    ahead = [month_start(now, n) for n in range(1, 5)]
    with connection.cursor() as cursor:
        for table in TABLES:
            for month in ahead:
                cursor.execute(f"DROP TABLE IF EXISTS {table}{suffix(month)}")
    assert f"events_event{suffix(ahead[0])}" not in names("events_event")

    call_command("maintain_partitions")

    for table in TABLES:
        for month in ahead:
            assert f"{table}{suffix(month)}" in names(table)


@pytest.mark.postgres
def test_a_write_at_a_month_boundary_lands_in_that_months_partition(provider):
    boundary = month_start(timezone.now(), 1)
    hook = endpoint(provider.id)
    before = event_with_attempt(provider.id, hook, boundary - timedelta(microseconds=1))
    at = event_with_attempt(provider.id, hook, boundary)

    for row in before:
        assert partition_of(type(row), row.pk).endswith(suffix(boundary - timedelta(days=1)))
    for row in at:
        assert partition_of(type(row), row.pk).endswith(suffix(boundary))
    # A delivery and its attempt follow their event's month, not their own time.
    late = Delivery.objects.create(event=before[0], endpoint=hook, created_on=boundary)
    assert late.event_created_on == before[0].created_on
    assert partition_of(Delivery, late.pk) == partition_of(Delivery, before[1].pk)


def an_expired_month(provider):
    """A month three back with its partitions and one event in it, and a purge's clock set so
    the cutoff is just past that month's end."""
    now = timezone.now()
    hook = endpoint(provider.id)
    expired_month = month_start(now, -3)
    for table in TABLES:
        make_partitions(table, expired_month, month_start(now, -2))
    old = event_with_attempt(provider.id, hook, expired_month + timedelta(days=1))
    purge_now = month_start(now, -2) + timedelta(seconds=1, days=settings.EVENT_RETENTION_DAYS)
    return now, hook, expired_month, old, purge_now


@pytest.mark.postgres
def test_retiring_drops_whole_months_children_first_and_keeps_the_live_ones(provider):
    now, hook, expired_month, old, purge_now = an_expired_month(provider)
    live = event_with_attempt(provider.id, hook, now)
    # Written with a time no partition covers: it sits in the default partition.
    stray = event_with_attempt(provider.id, hook, now - timedelta(days=3650))
    assert partition_of(Event, stray[0].pk) == "events_event_default"

    dropped = retention.purge_expired_events(now=purge_now)

    assert dropped >= 3
    for table in TABLES:
        assert f"{table}{suffix(expired_month)}" not in names(table)
        assert f"{table}{suffix(now)}" in names(table)
    for model, gone, kept in zip(
        (Event, Delivery, DeliveryAttempt), zip(old, stray, strict=True), live, strict=True
    ):
        assert not model.objects.filter(pk__in=[row.pk for row in gone]).exists()
        assert model.objects.filter(pk=kept.pk).exists()


@pytest.mark.postgres
def test_retiring_detaches_first_and_the_files_are_freed_after(provider):
    _, _, expired_month, old, purge_now = an_expired_month(provider)

    retired = retention.retire_expired_events(now=purge_now)

    detached = {f"{table}{suffix(expired_month)}" for table in TABLES}
    assert retired >= 3
    # Out of the tables the service reads, their rows with them, but not yet dropped.
    assert detached <= set(partitions.retired_tables())
    for table in TABLES:
        assert f"{table}{suffix(expired_month)}" not in names(table)
    assert not Event.objects.filter(pk=old[0].pk).exists()
    assert not Delivery.objects.filter(pk=old[1].pk).exists()

    assert partitions.drop_retired() >= 3

    assert not detached & set(partitions.retired_tables())
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_class WHERE relname = ANY(%s)", [sorted(detached)])
        assert cursor.fetchone()[0] == 0


@pytest.mark.postgres
def test_a_purge_drops_partitions_a_failed_drop_left_retired(provider):
    month = month_start(timezone.now(), -3)
    make_partitions("events_event", month)
    with connection.cursor() as cursor:
        cursor.execute(f"ALTER TABLE events_event DETACH PARTITION events_event{suffix(month)}")
        cursor.execute(f"ALTER TABLE events_event{suffix(month)} SET SCHEMA {partitions.RETIRED}")
    assert f"events_event{suffix(month)}" in partitions.retired_tables()

    call_command("maintain_partitions", stdout=StringIO())

    assert partitions.retired_tables() == []


@pytest.mark.postgres
def test_a_month_retires_again_over_a_table_of_its_name_left_retired(provider):
    # A drop that failed left the month's table retired; the month was then written again (a
    # backfill) and retires once more: the leftover goes first, so the two names never meet.
    _, _, expired_month, _, purge_now = an_expired_month(provider)
    retention.retire_expired_events(now=purge_now)
    left = f"events_event{suffix(expired_month)}"
    assert left in partitions.retired_tables()
    _, _, _, again, _ = an_expired_month(provider)

    assert retention.purge_expired_events(now=purge_now) >= 3

    assert partitions.retired_tables() == []
    assert not Event.objects.filter(pk=again[0].pk).exists()


def test_expired_events_are_not_served_and_the_purge_removes_them(provider):
    now = timezone.now()
    hook = endpoint(provider.id)
    expired = event_with_attempt(provider.id, hook, now - timedelta(days=91))
    live = event_with_attempt(provider.id, hook, now - timedelta(days=89))

    served = selectors.list_events(provider.id, selectors.EventFilters())
    assert list(served.values_list("id", flat=True)) == [live[0].pk]
    with pytest.raises(NotFound):
        selectors.get_event(provider.id, expired[0].pk)

    retention.purge_expired_events(now=now + timedelta(days=60))

    assert not Event.objects.filter(pk=expired[0].pk).exists()
    assert not DeliveryAttempt.objects.filter(pk=expired[2].pk).exists()
