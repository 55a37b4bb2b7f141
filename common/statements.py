"""The one way a hot path leaves the ORM: statements whose text is made once per process and
database, then run with each call's values (docs/decisions/leaving-the-orm.md).

Building and compiling a queryset costs more CPU than PostgreSQL spends answering a keyed
read or a small write; these skip both after the first call. Three kinds, from the most ORM
to the least, all here:

- `CompiledRead` (common/compiled.py): an ORM queryset compiled once, its rows made into
  models as the ORM makes them. The first choice for a read that is one queryset.
- the row writes (common/rows.py): `insert_row`, `insert_rows`, `insert_row_unless_taken`,
  `save_fields`, `update_where`: the ORM's save, bulk_create and update of one model, by a
  text built once per model and shape, each value adapted by its field.
- `Statement`: a hand-written text, for what the ORM cannot say in one statement (a `WITH`
  chain of inserts, an insert that decides a column by a subquery, JSON aggregates),
  registered once per model beside the ORM's path it replaces.

Each runs the compiled text on PostgreSQL only; elsewhere (SQLite) the ORM's own path runs,
and a test compares the two. A page of several conditions (common/branches.py) uses the same
compile step for the parts of a UNION.
"""

from django.db import connections, router, transaction

from common.compiled import CompiledRead, NotCompilable
from common.db import on_postgresql
from common.rows import (
    cast_type,
    insert_columns,
    insert_row,
    insert_row_unless_taken,
    insert_rows,
    insert_statement,
    insert_values,
    model_from_row,
    quoted_column,
    save_fields,
    update_where,
)

__all__ = [
    "CompiledRead",
    "NotCompilable",
    "Statement",
    "cast_type",
    "insert_columns",
    "insert_row",
    "insert_row_unless_taken",
    "insert_rows",
    "insert_statement",
    "insert_values",
    "model_from_row",
    "on_postgresql",
    "quoted_column",
    "save_fields",
    "update_where",
]


class Statement:
    """A hand-written statement about `model` for PostgreSQL. `build(connection, *shape)`
    returns its text from the models' own table and column names; it is called once per
    database and shape (a number of rows, a choice of columns) and kept. It runs on the
    database the router picks for `model` (for writing with `write`), and only where
    `applies()`: the caller keeps the ORM's path for the others.

        _USAGE = Statement(Payment, _usage_text)
        if _USAGE.applies():
            row = _USAGE.fetchone(params)
    """

    def __init__(self, model, build, *, write: bool = False):
        self.model, self._build, self._write = model, build, write
        self._texts: dict[tuple, str] = {}  # a race builds the same text twice, harmlessly

    def connection(self):
        """The connection the ORM would use for `model` now."""
        if self._write:
            return connections[router.db_for_write(self.model)]
        return connections[router.db_for_read(self.model)]

    def applies(self) -> bool:
        """Whether the text runs here (PostgreSQL), or the ORM's path does."""
        return on_postgresql(self.connection())

    def text(self, connection, *shape) -> str:
        key = (connection.alias, *shape)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = self._build(connection, *shape)
        return text

    def fetchone(self, params, *shape, connection=None):
        """The first row of the statement run with `params` (None without one)."""
        return self._run(params, shape, connection, _one)

    def fetchall(self, params, *shape, connection=None) -> list:
        return self._run(params, shape, connection, _all)

    def execute(self, params, *shape, connection=None) -> int:
        """Run the statement for its effect: the rows it changed."""
        return self._run(params, shape, connection, _rowcount)

    def _run(self, params, shape, connection, result):
        connection = connection or self.connection()
        text = self.text(connection, *shape)
        if not self._write:
            with connection.cursor() as cursor:
                cursor.execute(text, params)
                return result(cursor)
        # As the ORM's writes: a failure marks the enclosing atomic block for rollback.
        with transaction.mark_for_rollback_on_error(connection.alias), connection.cursor() as c:
            c.execute(text, params)
            return result(c)


def _one(cursor):
    return cursor.fetchone()


def _all(cursor) -> list:
    return cursor.fetchall()


def _rowcount(cursor) -> int:
    return cursor.rowcount
