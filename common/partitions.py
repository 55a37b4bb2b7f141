"""Range partitions of append-only history on PostgreSQL, kept by the pg_partman extension.

A partitioned table's primary key must contain its partition key, so the database's key is
(id, <time column>) while Django's model keeps `id` as its pk; nothing may reference such a
table with a database foreign key (see docs/decisions/partitioned-history.md). Partman
makes the partitions ahead of time (`maintain`) and detaches those past a retention into the
RETIRED schema (`retire`), whose tables are dropped afterwards in transactions of their own
(`drop_retired`); rows a live partition still holds past their window are filtered out by the
readers.

On any other database (the embedded SQLite) every function here is a no-op: the same models
are plain tables there.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ImproperlyConfigured
from django.db import connection, migrations, transaction

from common.db import on_postgresql

SCHEMA = "partman"
# The pg_partman versions the migrations are written against: [from, to).
SUPPORTED_PARTMAN = ((4, 6), (5, 0))
# Where retired partitions wait for their drop: out of the tables they were part of, not yet
# freed on disk (made by the ops app's migration).
RETIRED = "partman_retired"


@dataclass(frozen=True)
class Partitioning:
    table: str
    column: str  # the partition key: a creation time
    interval: str = "monthly"  # a pg_partman interval: "monthly", "daily", …
    premake: int = 4  # partitions made ahead of the current one
    # When the key is copied from a parent row: its SQL over the old row `o` and `join`.
    key_from: str = ""
    join: str = ""


def enabled(conn=connection) -> bool:
    return on_postgresql(conn)


class AlterPlainField(migrations.AlterField):
    """An AlterField that only plain tables need: the partitioned ones were rebuilt with it
    (making a partition key NOT NULL, which PostgreSQL cannot undo while it is in the key)."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if not enabled(schema_editor.connection):
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if not enabled(schema_editor.connection):
            super().database_backwards(app_label, schema_editor, from_state, to_state)


def install_partman(cursor) -> None:
    """Create the extension, or say plainly what the server lacks; refuse a version whose
    functions these migrations and `retire` were not written against."""
    cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_partman'")
    if cursor.fetchone() is None:
        raise ImproperlyConfigured(
            "PostgreSQL lacks the pg_partman extension, which keeps the partitions of the "
            "history tables: install it on the database server (Debian: "
            "apt-get install postgresql-<version>-partman) and migrate again."
        )
    cursor.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
    cursor.execute(f"CREATE EXTENSION IF NOT EXISTS pg_partman SCHEMA {SCHEMA}")
    cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'")
    check_partman_version(cursor.fetchone()[0])


def check_partman_version(version: str) -> None:
    """pg_partman 4.6 and later 4.x: `create_parent` takes the 'native' type and named
    intervals ('monthly'), `drop_partition_time` a reference time (4.6.0). pg_partman 5
    changed both, so it is refused before anything is partitioned."""
    parts = tuple(int(n) for n in re.findall(r"\d+", version)[:2])
    if not SUPPORTED_PARTMAN[0] <= parts < SUPPORTED_PARTMAN[1]:
        raise ImproperlyConfigured(
            f"pg_partman {version} is installed; the history tables' partitions are kept "
            f"with pg_partman {_dotted(SUPPORTED_PARTMAN[0])} or a later "
            f"{SUPPORTED_PARTMAN[0][0]}.x (not {_dotted(SUPPORTED_PARTMAN[1])}): install one "
            "of those on the database server and migrate again."
        )


def _dotted(version: tuple[int, int]) -> str:
    return ".".join(map(str, version))


def _columns(cursor, table: str) -> list[str]:
    cursor.execute(
        "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0 "
        "AND NOT attisdropped ORDER BY attnum",
        [table],
    )
    return [row[0] for row in cursor.fetchall()]


def _definitions(cursor, table: str) -> tuple[list[str], list[str]]:
    """The table's secondary indexes and its foreign keys to other tables, as SQL that
    recreates them (read before the table is renamed, so they name it)."""
    cursor.execute(
        "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() "
        "AND tablename = %s AND indexname NOT IN (SELECT conname FROM pg_constraint "
        "WHERE conrelid = %s::regclass AND contype IN ('p', 'u'))",
        [table, table],
    )
    # A partitioned parent's index reads "ON ONLY": recreated, it must cover the partitions.
    indexes = [row[0].replace(" ON ONLY ", " ON ") for row in cursor.fetchall()]
    cursor.execute(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = %s::regclass AND contype IN ('f', 'u')",
        [table],
    )
    constraints = [
        f'ALTER TABLE "{table}" ADD CONSTRAINT "{name}" {definition}'
        for name, definition in cursor.fetchall()
    ]
    return indexes, constraints


def _move(cursor, table: str, create: str, after: list[str], fill: dict, join: str) -> None:
    """Rebuild `table` with the same columns and rows: `create` makes the new one from
    "{table}__old", `fill` computes columns from the old row `o` (and `join`'s tables)."""
    indexes, constraints = _definitions(cursor, table)
    columns = _columns(cursor, table)
    old = f"{table}__old"
    cursor.execute(f'ALTER TABLE "{table}" RENAME TO "{old}"')
    # Constraint and index names are per schema: the new table takes the old ones.
    cursor.execute(f'ALTER TABLE "{old}" RENAME CONSTRAINT "{table}_pkey" TO "{old}_pkey"')
    cursor.execute(create)
    for sql in after:
        cursor.execute(sql)
    names = ", ".join(f'"{c}"' for c in columns)
    values = ", ".join(fill.get(c, f'o."{c}"') for c in columns)
    cursor.execute(f'INSERT INTO "{table}" ({names}) SELECT {values} FROM "{old}" o {join}')
    cursor.execute(f'DROP TABLE "{old}"')
    for sql in indexes + constraints:
        cursor.execute(sql)
    cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [table])
    sequence = cursor.fetchone()[0]
    if sequence:  # an identity `id`: continue after the highest kept
        cursor.execute(
            f'SELECT setval(%s, COALESCE(MAX(id), 0) + 1, false) FROM "{table}"', [sequence]
        )


def partition(cursor, spec: Partitioning) -> None:
    """Turn a plain table into a partitioned one, every row, ID and index kept.

    A key copied from a parent row is computed in the copy (`key_from`, `join`). Partitions
    are made from the month (or day) of the oldest row on, and `premake` ahead of the current
    one; the copy runs in the migration's transaction, so a failure leaves the plain table as
    it was."""
    table, column = spec.table, spec.column
    key = spec.key_from or f'o."{column}"'
    # From the oldest row's month (an empty table needs none of the past's).
    cursor.execute(f'SELECT COALESCE(MIN({key}), now()) FROM "{table}" o {spec.join}')
    start = f", p_start_partition := '{cursor.fetchone()[0].isoformat()}'"
    old = f"{table}__old"
    _move(
        cursor,
        table,
        create=(
            f'CREATE TABLE "{table}" (LIKE "{old}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS '
            f'INCLUDING IDENTITY, PRIMARY KEY (id, "{column}")) PARTITION BY RANGE ("{column}")'
        ),
        after=[
            f"SELECT {SCHEMA}.create_parent(p_parent_table := 'public.{table}', "
            f"p_control := '{column}', p_type := 'native', p_interval := '{spec.interval}', "
            f"p_premake := {spec.premake}{start})",
            # Partitions keep being made even through a quiet spell.
            f"UPDATE {SCHEMA}.part_config SET infinite_time_partitions = true "
            f"WHERE parent_table = 'public.{table}'",
        ],
        fill={column: key} if spec.key_from else {},
        join=spec.join,
    )


def partitioner(*specs: Partitioning, plain: tuple[str, ...] = ()):
    """A migration's forward step: the tables partitioned in the order given; on other
    databases the `plain` SQL (filling copied keys) runs instead."""

    def forward(apps, schema_editor):
        with schema_editor.connection.cursor() as cursor:
            if not enabled(schema_editor.connection):
                for sql in plain:
                    cursor.execute(sql)
                return
            install_partman(cursor)
            for spec in specs:
                partition(cursor, spec)

    return forward


def unpartition(cursor, spec: Partitioning) -> None:
    """The reverse: one plain table again, keyed by `id` alone, no longer kept by partman."""
    table = spec.table
    cursor.execute(f"DELETE FROM {SCHEMA}.part_config WHERE parent_table = %s", [f"public.{table}"])
    cursor.execute(f"DROP TABLE IF EXISTS {SCHEMA}.template_public_{table}")
    _move(
        cursor,
        table,
        create=(
            f'CREATE TABLE "{table}" (LIKE "{table}__old" INCLUDING DEFAULTS '
            "INCLUDING CONSTRAINTS INCLUDING IDENTITY, PRIMARY KEY (id))"
        ),
        after=[],
        fill={},
        join="",
    )


def unpartitioner(*specs: Partitioning):
    """A migration's reverse step: the tables back to plain ones, in the order given."""

    def backward(apps, schema_editor):
        if enabled(schema_editor.connection):
            with schema_editor.connection.cursor() as cursor:
                for spec in specs:
                    unpartition(cursor, spec)

    return backward


def unique_across_partitions(cursor, table: str, columns: tuple[str, ...], name: str) -> None:
    """Keep `columns` unique over every partition, which no index of a table partitioned on
    another column can: before each insert a trigger takes a transaction-scoped advisory lock
    on the values' hash and looks for the values in all partitions; a second insert of the
    same values waits for the first transaction and then fails as a unique index would have
    (SQLSTATE 23505, naming the constraint), so callers catching IntegrityError keep working.
    An index on `columns` serves the look-up."""
    cols = ", ".join(f'"{c}"' for c in columns)
    values = " || ':' || ".join(f'NEW."{c}"' for c in columns)
    match = " AND ".join(f'"{c}" = NEW."{c}"' for c in columns)
    cursor.execute(f'CREATE INDEX "{name}_lookup" ON "{table}" ({cols})')
    cursor.execute(
        f'CREATE FUNCTION "{name}"() RETURNS trigger LANGUAGE plpgsql AS $$\n'
        "BEGIN\n"
        f"  PERFORM pg_advisory_xact_lock(hashtextextended({values}, 0));\n"
        f'  IF EXISTS (SELECT 1 FROM "{table}" WHERE {match}) THEN\n'
        "    RAISE unique_violation USING\n"
        f"      MESSAGE = 'duplicate key value violates unique constraint \"{name}\"',\n"
        f"      CONSTRAINT = '{name}';\n"
        "  END IF;\n"
        "  RETURN NEW;\n"
        "END $$"
    )
    cursor.execute(
        f'CREATE TRIGGER "{name}" BEFORE INSERT ON "{table}" '
        f'FOR EACH ROW EXECUTE FUNCTION "{name}"()'
    )


def drop_unique_across_partitions(cursor, table: str, name: str) -> None:
    cursor.execute(f'DROP TRIGGER IF EXISTS "{name}" ON "{table}"')
    cursor.execute(f'DROP FUNCTION IF EXISTS "{name}"()')
    cursor.execute(f'DROP INDEX IF EXISTS "{name}_lookup"')


def partitioned_tables(conn=connection) -> list[str]:
    if not enabled(conn):
        return []
    with conn.cursor() as cursor:
        cursor.execute(f"SELECT parent_table FROM {SCHEMA}.part_config ORDER BY parent_table")
        return [row[0].removeprefix("public.") for row in cursor.fetchall()]


def maintain(conn=connection) -> list[str]:
    """Make the partitions each table needs ahead of now; returns the tables kept."""
    tables = partitioned_tables(conn)
    with conn.cursor() as cursor:
        for table in tables:
            cursor.execute(f"SELECT {SCHEMA}.run_maintenance(%s)", [f"public.{table}"])
    return tables


def retire(table: str, column: str, *, cutoff: datetime, conn=connection) -> int:
    """Detach every partition of `table` wholly older than `cutoff` into the RETIRED schema,
    and delete the few rows older than it that fell into the default partition (rows written
    with a time no partition covered). Returns the partitions detached.

    Detaching changes the catalog alone, so the caller's transaction costs the same whatever
    the partitions held; freeing their files (a second or more for a month of events) is
    `drop_retired`'s, after the commit, and holds no lock a reader of the live table waits on.
    """
    with conn.cursor() as cursor:
        # A table with deferred checks still pending (rows written earlier in the caller's
        # transaction) cannot be detached: check them now.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(
            f"SELECT {SCHEMA}.drop_partition_time(%s, p_retention := now() - %s, "
            "p_retention_schema := %s, p_reference_timestamp := now())",
            [f"public.{table}", cutoff, RETIRED],
        )
        detached = cursor.fetchone()[0] or 0
        cursor.execute(f'DELETE FROM "{table}_default" WHERE "{column}" < %s', [cutoff])
    return detached


def retired_tables(conn=connection) -> list[str]:
    with conn.cursor() as cursor:
        cursor.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = %s ORDER BY tablename", [RETIRED]
        )
        return [row[0] for row in cursor.fetchall()]


def drop_retired(conn=connection) -> int:
    """Drop the retired partitions, each in a transaction of its own; returns how many. Run
    outside any transaction, after the retirements that detached them have committed."""
    if not enabled(conn):
        return 0
    names = retired_tables(conn)
    for name in names:
        with conn.cursor() as cursor:
            cursor.execute(f'DROP TABLE IF EXISTS "{RETIRED}"."{name}"')
    return len(names)


def retire_then_drop(retire: Callable[[], int], conn=connection) -> int:
    """Run `retire` in a transaction of its own between two `drop_retired`: the one before
    drops what a failed drop left (a retired table of the same name would stop the detach of
    a month written again since), the one after what `retire` detached. Returns what `retire`
    returns."""
    drop_retired(conn)
    with transaction.atomic(using=conn.alias):
        retired = retire()
    drop_retired(conn)
    return retired


def partitions(table: str, conn=connection) -> list[tuple[str, str]]:
    """The table's partitions and their bounds, oldest first (for tests and operators)."""
    with conn.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i "
            "JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = %s::regclass "
            "ORDER BY c.relname",
            [table],
        )
        return cursor.fetchall()
