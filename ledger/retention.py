"""How long the log of ledger callback attempts is kept, and how it is retired.

On PostgreSQL the attempts are partitioned by month of their call's creation, so a month of
them is retired by dropping its partition; elsewhere (the embedded SQLite) they are deleted.
The calls themselves stay: they are the payouts' record of what the ledger answered.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from common import partitions
from ledger.models import CallbackAttempt


def purge_expired_attempts(*, now: datetime | None = None) -> int:
    """Returns the partitions retired on PostgreSQL, the attempts deleted elsewhere."""
    oldest = (now or timezone.now()) - timedelta(days=settings.LEDGER_ATTEMPT_RETENTION_DAYS)
    if not partitions.enabled():
        deleted, _ = CallbackAttempt.objects.filter(call_created_on__lt=oldest).delete()
        return deleted
    return partitions.retire_then_drop(
        lambda: partitions.retire("ledger_callbackattempt", "call_created_on", cutoff=oldest)
    )
