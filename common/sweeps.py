"""How a beat sweeper claims the rows it hands over again (an outbox whose hand-over to the
broker may have been lost).

Beat may run on every host and a sweep may overlap the previous one, so a sweep takes only
rows nobody else holds (`SKIP LOCKED`: another sweep's batch, or a worker busy with the row)
and, before it commits, stamps them with the time of this hand-over: once committed, the next
sweep finds them stamped and leaves them alone until their delay has passed again. The caller
hands the keys over after `take_due` returns, that is after the commit, so a worker never
waits on the sweep's locks.
"""

from datetime import datetime

from django.db import transaction
from django.db.models import QuerySet

BATCH = 500


def take_due(
    rows: QuerySet, *, stamp: str, now: datetime, order_by: tuple[str, ...], batch: int = BATCH
) -> list:
    """Up to `batch` keys of `rows` (already narrowed to what is due), in `order_by` order,
    locked, skipping rows locked elsewhere, and stamped `stamp = now` in one transaction."""
    with transaction.atomic():
        due = list(
            rows.select_for_update(skip_locked=True, of=("self",))
            .order_by(*order_by)
            .values_list("pk", flat=True)[:batch]
        )
        rows.model.objects.filter(pk__in=due).update(**{stamp: now})
    return due
