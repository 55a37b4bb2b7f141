"""When a failed delivery is tried again: minutes, then hours, for about three days.

Attempt 1 is sent at once; attempt n+1 follows attempt n after RETRY_DELAYS[n-1]. Nine
attempts in all, the last about 72.6 hours after the first; then the delivery is `failed`
(and an endpoint that failed every attempt since is disabled: `events.delivery`).
"""

from datetime import timedelta

RETRY_DELAYS: tuple[timedelta, ...] = (
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=6),
    timedelta(hours=12),
    timedelta(hours=24),
    timedelta(hours=28),
)
MAX_ATTEMPTS = len(RETRY_DELAYS) + 1


def delay_after(attempt: int) -> timedelta | None:
    """The wait after failed attempt number `attempt` (1-based), or None when it was the last."""
    if attempt >= MAX_ATTEMPTS:
        return None
    return RETRY_DELAYS[attempt - 1]
