"""Deleting a row a caller named by keeping it, stamped deleted: its history stays for staff,
and deleting it again changes nothing (docs/decisions/repeated-deletes.md)."""

from typing import TypeVar

from django.db.models import Model, QuerySet
from django.utils import timezone

from common.locking import lock_or_404

M = TypeVar("M", bound=Model)


def soft_delete(rows: QuerySet[M], detail: str) -> tuple[M, bool]:
    """Lock the one row of `rows` (`lock_or_404`: NotFound(detail) when there is none) and
    stamp its `deleted_on` and `updated_on`. Returns the row and whether this call deleted it
    (False: it already was, and is left as it was). Call inside the caller's transaction."""
    row = lock_or_404(rows, detail)
    if row.deleted_on is not None:
        return row, False
    row.deleted_on = row.updated_on = timezone.now()
    row.save(update_fields=["deleted_on", "updated_on"])
    return row, True
