"""How a service locks a row: `lock_or_404` for a row a caller named, plain
`select_for_update()` for a row known to exist.

`lock_or_404` is for a row the caller names by ID (a payout, a review, a limit group, a webhook
endpoint): the service passes a queryset already narrowed to that row and scoped to the
caller's provider, so another provider's row is missing exactly as a row that does not exist
(tenancy), and gets the row locked or `NotFound` (404). Only the row itself is locked
(`FOR UPDATE OF` its own table), whatever the queryset joins or `select_related` adds, so a
nullable relation never breaks the lock and no other table's row is held by surprise.

A plain `select_for_update()` stays where the row is known to exist (an ID read under an
earlier lock or from the service's own records, a singleton seeded by a migration: a missing
row there is a bug, and `.get()` raising DoesNotExist says so), where a missing row is not the
client's error (a task that finds nothing to do returns None), and for `skip_locked` batches.
"""

from typing import TypeVar

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Model, QuerySet

from common.errors import NotFound
from common.statements import CompiledRead

M = TypeVar("M", bound=Model)


def lock_or_404(rows: QuerySet[M], detail: str) -> M:
    """The one row of `rows`, locked for the caller's transaction; NotFound(detail) when there
    is none."""
    try:
        return rows.select_for_update(of=("self",)).get()
    except rows.model.DoesNotExist:
        raise NotFound(detail) from None


class CompiledLock:
    """`lock_or_404` for a hot path's row, its read compiled once (common.compiled): `build`
    takes the row's values (of `types`) and narrows the rows as `lock_or_404`'s caller
    would; the row is locked the same way (`FOR UPDATE OF` its own table)."""

    def __init__(self, build, *types: type):
        self._read = CompiledRead(
            lambda *values: build(*values).select_for_update(of=("self",)), *types
        )

    def lock_or_404(self, *values, detail: str):
        try:
            return self._read.get(*values)  # as `.get()`: the caller's narrowing names one row
        except ObjectDoesNotExist:
            raise NotFound(detail) from None
