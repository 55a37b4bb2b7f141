"""Summaries of samples: the operations page's latencies and the benchmarks' timings."""

import math


def percentile(samples: list[float], pct: float) -> float:
    """Nearest rank: the smallest sample with at least `pct`% of them at or below it (the
    rank rounds up; `round` would halve to even and take the 2nd of 5 as the median)."""
    ordered = sorted(samples)
    rank = math.ceil(pct * len(ordered) / 100)
    return ordered[min(len(ordered), max(1, rank)) - 1]
