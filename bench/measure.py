"""Timing helpers for the benchmark commands (numbers printed, never asserted in unit tests)."""

import statistics
import sys
import time
from collections.abc import Callable

from django.core.management.base import OutputWrapper
from django.db import connection

from common.commands import JsonCommand
from common.stats import percentile


def measure(fn: Callable[[], object], *, repeat: int, warmup: int = 2) -> dict:
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return {
        "p50": statistics.median(samples),
        "p95": percentile(samples, 95),
        "max": max(samples),
    }


def plan_top_node(queryset) -> str:
    """The first line of EXPLAIN for a queryset (PostgreSQL: the plan's top node)."""
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {sql}", params)
        rows = cursor.fetchall()
    if connection.vendor == "postgresql":
        return rows[0][0].split("  (cost")[0].strip()
    return " | ".join(str(row[-1]) for row in rows[:2])


def describe_database() -> str:
    """Which database a benchmark writes to, for its first line of output."""
    settings_dict = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite {settings_dict['NAME']}"
    host = settings_dict.get("HOST") or "local socket"
    return f"{connection.vendor} {settings_dict['NAME']} on {host}"


def refuse_demo_database(*, allowed: bool) -> None:
    """Benchmarks write many rows: never into the `make run` database unless told to."""
    from django.conf import settings
    from django.core.management.base import CommandError

    demo = settings.BASE_DIR / "var" / "db.sqlite3"
    is_demo = connection.vendor == "sqlite" and str(connection.settings_dict["NAME"]) == str(demo)
    if is_demo and not allowed:
        raise CommandError(
            f"Refusing to write benchmark rows into the demo database ({demo}). Point "
            "DATABASE_URL at a database of its own, or pass --allow-demo-database."
        )


class BenchCommand(JsonCommand):
    """A benchmark command: it says which database it writes to, and refuses the `make run`
    database unless --allow-demo-database is given."""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--allow-demo-database",
            action="store_true",
            help="write benchmark rows into the make-run database anyway",
        )
        return parser

    def execute(self, *args, **options):
        refuse_demo_database(allowed=options.get("allow_demo_database", False))
        OutputWrapper(options.get("stderr") or sys.stderr).write(
            f"Benchmark rows go to {describe_database()}."
        )
        return super().execute(*args, **options)
