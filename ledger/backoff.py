"""How long to wait before the next attempt of a ledger call."""

import random
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

from django.conf import settings


def retry_delay(
    attempt: int,
    *,
    retry_after: float | None = None,
    base: float | None = None,
    cap: float | None = None,
    retry_after_cap: float | None = None,
    rand=random.random,
) -> float:
    """Seconds to wait after failed attempt number `attempt` (1-based).

    Capped exponential backoff with "equal jitter": the ceiling doubles per attempt up to
    `cap`, and the delay is uniform in [ceiling / 2, ceiling], so retries from many calls spread
    out while each call still backs off. A provider's Retry-After is a floor (itself capped so
    a hostile value cannot park a payout for hours).
    """
    base = settings.LEDGER_RETRY_BASE_MS / 1000 if base is None else base
    cap = settings.LEDGER_RETRY_MAX_MS / 1000 if cap is None else cap
    if retry_after_cap is None:
        retry_after_cap = settings.LEDGER_RETRY_AFTER_MAX_SECONDS
    ceiling = min(cap, base * 2 ** min(max(attempt, 1) - 1, 62))
    delay = ceiling / 2 + rand() * ceiling / 2
    if retry_after is not None:
        delay = max(delay, min(retry_after, retry_after_cap))
    return delay


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Retry-After as seconds: delta-seconds or an HTTP-date (RFC 9110 section 10.2.3)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())
