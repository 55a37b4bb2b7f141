"""Rows matching any of several conditions, cut to a page as a UNION of one query per condition.

An `OR` of conditions that each have an index in the page's order cannot walk any of those
indexes in order: PostgreSQL gathers every match in a bitmap and sorts them all, so the page
costs what the matches number. Alone, each condition walks its index in order and stops after
a page; the page is the UNION of those short lists (a row matched two ways appears once),
ordered and cut again. A database that cannot order and limit a UNION's parts (SQLite) runs
the `OR`.

The page's statement is never prepared on the server: its best plan depends on the values (a
`LIKE` pattern that matches a few rows or millions), and a prepared statement's generic plan,
chosen for any value, walked the whole page index for a rare one (seconds at ten million
payments, where the value's own plan takes milliseconds).

The parts differ only in their condition, so the statement is compiled once with a slot where
the condition goes, and each part is that text with its own condition compiled into the slot:
the ORM compiling each part whole (its columns, joins and ordering) cost about 0.7 ms a part,
more than PostgreSQL spends running it: the compile step of common.statements' CompiledRead,
applied to a query shape (docs/decisions/leaving-the-orm.md). What that relies on of Django's
compiler is checked against the installed Django by tests/test_library_patches.py.
"""

from contextlib import contextmanager
from dataclasses import dataclass
from functools import reduce
from operator import or_

from django.core.exceptions import FieldError
from django.db import connections
from django.db.models import BooleanField, Q, QuerySet
from django.db.models.expressions import Expression

from common.db import on_postgresql

_SLOT = "/* branch condition */ TRUE"


class _Slot(Expression):
    """Where each part's condition goes in the statement compiled once."""

    conditional = True
    output_field = BooleanField()

    def as_sql(self, compiler, connection):
        return _SLOT, []


@contextmanager
def _planned_for_its_values(using: str):
    """Statements run here are planned for their own values, never prepared (psycopg prepares
    a statement a connection has run `prepare_threshold` times; None turns that off)."""
    connection = connections[using]
    connection.ensure_connection()
    raw = connection.connection
    if not on_postgresql(connection) or raw.prepare_threshold is None:
        yield
        return
    threshold, raw.prepare_threshold = raw.prepare_threshold, None
    try:
        yield
    finally:
        raw.prepare_threshold = threshold


def _placeholders(sql: str) -> int:
    return sql.replace("%%", "").count("%s")


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
        with _planned_for_its_values(self.base.db):
            return self._first(ordering, count)

    def _first(self, ordering: list, count: int) -> list:
        if len(self.conditions) == 1 or not self.supported(self.base):
            return list(self.as_one_query().order_by(*ordering)[:count])
        union = self._union(ordering, count)
        if union is None:  # not a plain selection of one table's columns: the ORM's own union
            parts = [self.base.filter(c).order_by(*ordering)[:count] for c in self.conditions]
            return list(parts[0].union(*parts[1:]).order_by(*ordering)[:count])
        sql, params = union
        return list(self.base.model._default_manager.raw(sql, params).using(self.base.db))

    def _union(self, ordering: list, count: int) -> tuple[str, list] | None:
        """The UNION's text and parameters, or None where the base selects more than its own
        table's columns or a condition needs a join."""
        query = self.base.query
        if query.select_related or query.annotations or query.extra or query.combinator:
            return None
        template = self.base.filter(_Slot()).order_by(*ordering)[:count]
        compiler = template.query.get_compiler(self.base.db)
        sql, params = compiler.as_sql()
        joined = [alias for alias, refs in compiler.query.alias_refcount.items() if refs]
        if sql.count(_SLOT) != 1 or len(joined) != 1:
            return None
        before, after = sql.split(_SLOT)
        split = _placeholders(before)
        head, tail = list(params[:split]), list(params[split:])
        parts, values = [], []
        for condition in self.conditions:
            try:
                where = template.query.build_where(condition)
            except FieldError:
                return None
            condition_sql, condition_params = compiler.compile(where)
            parts.append(f"({before}({condition_sql}){after})")
            values += [*head, *condition_params, *tail]
        meta = self.base.model._meta
        order = ", ".join(
            f'"{meta.get_field(name.lstrip("-")).column}"{" DESC" if name.startswith("-") else ""}'
            for name in ordering
        )
        return f"{' UNION '.join(parts)} ORDER BY {order} LIMIT {int(count)}", values


def first_rows(rows: QuerySet | Branches, ordering: list, count: int) -> list:
    """The first `count` rows in `ordering` of a queryset or of branches."""
    if isinstance(rows, Branches):
        return rows.first(ordering, count)
    return list(rows.order_by(*ordering)[:count])
