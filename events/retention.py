"""How long events, their deliveries and attempts are kept, and how they are retired.

On PostgreSQL the three tables are partitioned by month of the event's creation (deliveries
and attempts carry it as `event_created_on`), so one month of each retires together by
detaching its partitions in one transaction, attempts first: no moment shows a delivery whose
event is gone, and the cost does not grow with the rows. Their files are freed afterwards, a
table a transaction (common.partitions.drop_retired). Elsewhere (the embedded SQLite) expired
events are deleted with their deliveries and attempts.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common import partitions
from events.models import Event

EVENTS = partitions.Partitioning("events_event", "created_on")
DELIVERIES = partitions.Partitioning("events_delivery", "event_created_on")
ATTEMPTS = partitions.Partitioning("events_deliveryattempt", "event_created_on")
# Children before parents, the order in which partitions are dropped.
TABLES = (ATTEMPTS, DELIVERIES, EVENTS)


def cutoff(now: datetime | None = None) -> datetime:
    """The oldest creation time still served: rows before it may linger in a partition that
    also holds live ones, and no reader returns them."""
    return (now or timezone.now()) - timedelta(days=settings.EVENT_RETENTION_DAYS)


def _retire(oldest: datetime) -> int:
    return sum(partitions.retire(t.table, t.column, cutoff=oldest) for t in TABLES)


def retire_expired_events(*, now: datetime | None = None) -> int:
    """Take the months past the retention period out of the event tables (PostgreSQL); returns
    the partitions detached, whose files `partitions.drop_retired` frees afterwards."""
    oldest = cutoff(now)
    with transaction.atomic():
        return _retire(oldest)


def purge_expired_events(*, now: datetime | None = None) -> int:
    """Retire events (with their deliveries and attempts) past the retention period; returns
    the partitions retired on PostgreSQL, the events deleted elsewhere."""
    oldest = cutoff(now)
    if not partitions.enabled():
        deleted, _ = Event.objects.filter(created_on__lt=oldest).delete()
        return deleted
    return partitions.retire_then_drop(lambda: _retire(oldest))
