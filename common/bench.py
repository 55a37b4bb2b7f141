"""Timing helpers for the benchmark commands (numbers printed, never asserted in unit tests)."""

import statistics
import time
from collections.abc import Callable

from django.db import connection


def percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered)) - 1))
    return ordered[index]


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


def plan_text(queryset) -> str:
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {sql}", params)
        return "\n".join(str(row[0] if len(row) == 1 else row[-1]) for row in cursor.fetchall())
