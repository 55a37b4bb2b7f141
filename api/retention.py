"""Retiring idempotency records past their window.

On PostgreSQL the records are partitioned by day of creation: a day's partition is dropped
once every record in it is past its window (created that day, finished within
IDEMPOTENCY_LOCK_SECONDS or abandoned, kept IDEMPOTENCY_RETENTION_SECONDS after). Until then
the claim treats an expired record as absent (api.idempotency.claim). Elsewhere (the embedded
SQLite) expired records are deleted.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from api import idempotency
from common import partitions


def purge_expired_keys(*, now: datetime | None = None) -> int:
    """Returns the partitions retired on PostgreSQL, the records deleted elsewhere."""
    now = now or timezone.now()
    if not partitions.enabled():
        return idempotency.purge_expired(now)
    window = settings.IDEMPOTENCY_RETENTION_SECONDS + settings.IDEMPOTENCY_LOCK_SECONDS
    oldest = now - timedelta(seconds=window)
    return partitions.retire_then_drop(
        lambda: partitions.retire("api_idempotencyrecord", "created_on", cutoff=oldest)
    )
