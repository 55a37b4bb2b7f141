"""Backoff: capped exponential with equal jitter; Retry-After is a (capped) floor."""

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from ledger.backoff import parse_retry_after, retry_delay


@pytest.mark.parametrize(
    ("attempt", "ceiling"), [(1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (5, 10.0), (40, 10.0)]
)
def test_delay_lies_between_half_and_all_of_the_capped_ceiling(attempt, ceiling):
    kwargs = {"base": 1.0, "cap": 10.0, "retry_after_cap": 300}
    assert retry_delay(attempt, rand=lambda: 0.0, **kwargs) == ceiling / 2
    assert retry_delay(attempt, rand=lambda: 1.0, **kwargs) == ceiling
    assert retry_delay(attempt, rand=lambda: 0.5, **kwargs) == 0.75 * ceiling


def test_jitter_spreads_delays():
    delays = {round(retry_delay(4, base=1.0, cap=60.0, retry_after_cap=300), 6) for _ in range(50)}
    assert len(delays) > 40
    assert all(4.0 <= delay <= 8.0 for delay in delays)


def test_retry_after_is_a_floor():
    assert retry_delay(1, retry_after=7, base=1.0, cap=10.0, retry_after_cap=300) == 7
    # ...and never lowers the backoff.
    late = retry_delay(5, retry_after=1, base=1.0, cap=10.0, retry_after_cap=300, rand=lambda: 0)
    assert late == 5.0


def test_a_huge_retry_after_is_capped():
    assert retry_delay(1, retry_after=86_400, base=1.0, cap=10.0, retry_after_cap=300) == 300


def test_settings_are_the_defaults(settings):
    settings.LEDGER_RETRY_BASE_MS = 200
    settings.LEDGER_RETRY_MAX_MS = 1000
    settings.LEDGER_RETRY_AFTER_MAX_SECONDS = 5
    assert retry_delay(1, rand=lambda: 1.0) == pytest.approx(0.2)
    assert retry_delay(10, rand=lambda: 1.0) == pytest.approx(1.0)
    assert retry_delay(1, retry_after=60) == 5


def test_parse_retry_after_seconds_and_http_date():
    now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after(" 120 ") == 120.0
    later = format_datetime(now + timedelta(seconds=90), usegmt=True)
    assert parse_retry_after(later, now=now) == 90.0
    earlier = format_datetime(now - timedelta(seconds=90), usegmt=True)
    assert parse_retry_after(earlier, now=now) == 0.0


@pytest.mark.parametrize("value", [None, "", "soon", "-5", "1.5"])
def test_unusable_retry_after_is_ignored(value):
    assert parse_retry_after(value) is None
