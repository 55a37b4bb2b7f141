"""Rows matching any of several conditions, cut to a page as a UNION of one query per condition.

An `OR` of conditions that each have an index in the page's order cannot walk any of those
indexes in order: PostgreSQL gathers every match in a bitmap and sorts them all, so the page
costs what the matches number. Alone, each condition walks its index in order and stops after
a page; the page is the UNION of those short lists (a row matched two ways appears once),
ordered and cut again. A database that cannot order and limit a UNION's parts (SQLite) runs
the `OR`.
"""

from dataclasses import dataclass
from functools import reduce
from operator import or_

from django.db import connections
from django.db.models import Q, QuerySet


@dataclass(frozen=True)
class Branches:
    """The rows of `base` that match any of `conditions`."""

    base: QuerySet
    conditions: tuple[Q, ...]

    @staticmethod
    def supported(queryset: QuerySet) -> bool:
        """Whether the queryset's database orders and limits a UNION's parts."""
        return connections[queryset.db].features.supports_slicing_ordering_in_compound

    def filter(self, *args, **kwargs) -> "Branches":
        """Narrowed in every branch alike (a cursor's bound, another filter)."""
        return Branches(self.base.filter(*args, **kwargs), self.conditions)

    def as_one_query(self) -> QuerySet:
        return self.base.filter(reduce(or_, self.conditions))

    def first(self, ordering: list, count: int) -> list:
        """The first `count` rows in `ordering` (plain fields, each selected by `base`)."""
        if len(self.conditions) == 1 or not self.supported(self.base):
            return list(self.as_one_query().order_by(*ordering)[:count])
        parts = [self.base.filter(c).order_by(*ordering)[:count] for c in self.conditions]
        return list(parts[0].union(*parts[1:]).order_by(*ordering)[:count])


def first_rows(rows: QuerySet | Branches, ordering: list, count: int) -> list:
    """The first `count` rows of a queryset or of branches, in `ordering`."""
    if isinstance(rows, Branches):
        return rows.first(ordering, count)
    return list(rows.order_by(*ordering)[:count])
