"""A bulkhead per provider ledger: one provider's slow or failing ledger holds a few ledger
workers, never all of them (common.bulkhead, in the broker's Redis).

A provider may have `LEDGER_MAX_IN_FLIGHT_PER_PROVIDER` calls in flight at once across every
worker and host; one while its ledger is strained (a timeout, 408, 429 or 5xx, an answer
taking `LEDGER_SLOW_ANSWER_MS` or more, or a call in flight that long), until it answers well
again. A call that finds no room is not made: it waits in its provider's line and its worker
takes other work; each call that ends hands its slot to the first in line, and the
stalled-call sweeper hands on the slots of workers that died.

Only with workers: without a broker (tasks run eagerly, in the request that asked) there is
no pool of workers to share, and every call goes ahead. If Redis does not answer, calls go
ahead too: money keeps moving, unbounded, rather than stopping on its own bookkeeping.
"""

import logging
from functools import cache

from celery import current_app
from django.conf import settings

from common import metrics
from common.bulkhead import HEALTHY, STRAINED, Bulkhead, Limits, State
from ledger import client

logger = logging.getLogger(__name__)

PREFIX = "ledger-bulkhead"
STRAINED_LIMIT = 1
# A strain mark with no new verdict (no call was made) lasts this long at most.
STRAINED_FOR_SECONDS = 600


@cache
def _bulkhead(url: str) -> Bulkhead:
    import redis

    return Bulkhead(redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2), PREFIX)


def _active() -> Bulkhead | None:
    if not settings.REDIS_URL or current_app.conf.task_always_eager:
        return None
    return _bulkhead(settings.REDIS_URL)


def limits() -> Limits:
    from ledger.services import lease_seconds

    return Limits(
        limit=settings.LEDGER_MAX_IN_FLIGHT_PER_PROVIDER,
        strained_limit=STRAINED_LIMIT,
        slow_after=settings.LEDGER_SLOW_ANSWER_MS / 1000,
        lease=lease_seconds(),
        strained_for=STRAINED_FOR_SECONDS,
    )


def enter(provider_id: str, call_id: str) -> bool:
    """True: go ahead (a slot is the call's until `leave`). False: the provider has no room;
    the call is in its line and is handed a slot when one frees."""
    bulkhead = _active()
    if bulkhead is None:
        return True
    try:
        entered = bulkhead.enter(provider_id, call_id, limits())
    except Exception:
        logger.warning("ledger bulkhead unreadable: call %s goes ahead", call_id, exc_info=True)
        return True
    if entered == 0:
        metrics.LEDGER_DEFERRALS.labels(provider_id).inc()
    return entered == 1


def verdict(result: client.AttemptResult | None) -> str | None:
    """What an attempt says of the provider's ledger: strained when it timed out, failed, or
    answered slowly; healthy when it answered in time (whatever the answer); None when the
    attempt broke off on our side."""
    if result is None:
        return None
    slow = result.latency_ms >= settings.LEDGER_SLOW_ANSWER_MS
    return STRAINED if result.kind == client.RETRYABLE or slow else HEALTHY


def leave(provider_id: str, call_id: str, result: client.AttemptResult | None) -> list[str]:
    """Give the call's slot back with what its attempt says of the ledger; the calls handed a
    slot (their delivery is to be enqueued)."""
    bulkhead = _active()
    if bulkhead is None:
        return []
    try:
        left = bulkhead.leave(provider_id, call_id, limits(), verdict(result))
    except Exception:
        # The slot lapses with its lease; the sweeper hands it on then.
        logger.warning("ledger bulkhead unreadable: slot of %s kept", call_id, exc_info=True)
        return []
    if left.newly_strained:
        metrics.LEDGER_BACKOFFS.labels(provider_id).inc()
        logger.warning(
            "ledger of %s strained: %d call(s) in flight at most until it answers well",
            provider_id,
            STRAINED_LIMIT,
        )
    return left.handed


def still_waiting(provider_id: str, call_id: str) -> bool:
    """False when a slot was handed to the call between its refusal and its release."""
    bulkhead = _active()
    try:
        return bulkhead is None or bulkhead.is_waiting(provider_id, call_id)
    except Exception:
        return False  # enqueued once more rather than left waiting


def hand_on() -> list[str]:
    """The waiting calls handed the slots that lapsed (their workers died)."""
    bulkhead = _active()
    if bulkhead is None:
        return []
    try:
        return bulkhead.hand_on(limits())
    except Exception:
        logger.warning("ledger bulkhead unreadable: no slot handed on", exc_info=True)
        return []


def states() -> list[State] | None:
    """Each provider's slots in use, line and limit now, for /metrics (None: no bulkhead, or
    Redis did not answer)."""
    if not settings.REDIS_URL:
        return None
    bulkhead = _bulkhead(settings.REDIS_URL)
    try:
        current = limits()
        return [bulkhead.state(name, current) for name in bulkhead.compartments()]
    except Exception:
        logger.warning("could not read the ledger bulkhead", exc_info=True)
        return None
