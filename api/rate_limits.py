"""Per-key request budgets, counted in fixed windows (docs/decisions/rate-limits.md).

Each API key has three budgets, one per kind of request: reads (lists, searches, every GET),
writes and webhook test sends. A budget is a quota of requests per window of
RATE_LIMIT_WINDOW_SECONDS, from the settings unless the key's provider has its own figure.
A request counts against one budget: `consume` adds it to the count of the current window
(windows start at multiples of the window's length since the epoch) and says whether it is
within the quota, how many are left and when the window ends.

With REDIS_URL the counts are in Redis, shared by every process and host: one EVALSHA (INCR,
and EXPIRE on the window's first request) per request. Without it (the embedded default) they
are in this process's memory. A Redis that fails to answer lets the request through uncounted
(and is not asked again for REDIS_RETRY_SECONDS): a limit that protects the service must not
become its outage.
"""

import hashlib
import logging
import math
import threading
import time
from dataclasses import dataclass

import redis
from django.conf import settings

logger = logging.getLogger(__name__)

READS = "reads"
WRITES = "writes"
WEBHOOK_TESTS = "webhook-tests"
# The setting holding each budget's default quota.
DEFAULT_SETTINGS = {
    READS: "RATE_LIMIT_READS",
    WRITES: "RATE_LIMIT_WRITES",
    WEBHOOK_TESTS: "RATE_LIMIT_WEBHOOK_TESTS",
}

# INCR, and on a window's first request its expiry, in one round trip. The key outlives its
# window by a second so a slow clock on another host still finds it.
_COUNT_SCRIPT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""
_COUNT_SHA = hashlib.sha1(_COUNT_SCRIPT.encode(), usedforsecurity=False).hexdigest()
# A request waits at most this long for Redis before it is let through uncounted; after a
# failure the process lets requests through without asking for this long.
REDIS_TIMEOUT_SECONDS = 0.25
REDIS_RETRY_SECONDS = 5


@dataclass(frozen=True)
class Outcome:
    budget: str
    quota: int
    window: int  # seconds
    count: int  # requests in this window, this one included
    reset: int  # whole seconds until the window ends (at least 1)

    @property
    def allowed(self) -> bool:
        return self.count <= self.quota

    @property
    def remaining(self) -> int:
        return max(0, self.quota - self.count)


def quota(budget: str, overrides) -> int:
    """The key's quota for `budget`: its provider's figure, else the setting's."""
    own = overrides.get(budget) if overrides else None
    return own if own is not None else getattr(settings, DEFAULT_SETTINGS[budget])


def consume(budget: str, partition: str, quota: int) -> Outcome | None:
    """Count one request of `partition` (an API key) against `budget`; None when it could not
    be counted (Redis unavailable)."""
    window = settings.RATE_LIMIT_WINDOW_SECONDS
    now = time.time()
    index = int(now // window)
    key = f"rate:{budget}:{partition}:{index}"
    count = _store().incr(key, index, window + 1)
    if count is None:
        return None
    reset = max(1, math.ceil((index + 1) * window - now))
    return Outcome(budget=budget, quota=quota, window=window, count=count, reset=reset)


class RedisCounts:
    """Counts every process shares, in Redis (one round trip per request)."""

    def __init__(self, url: str):
        self._client = redis.Redis.from_url(
            url,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        )
        self._failed_at = -math.inf

    def _count(self, key: str, ttl: int) -> int:
        # EVALSHA by hand: redis-py's Script object doubled the client's CPU per call.
        try:
            return self._client.evalsha(_COUNT_SHA, 1, key, ttl)
        except redis.exceptions.NoScriptError:  # a Redis restarted: EVAL caches it again
            return self._client.eval(_COUNT_SCRIPT, 1, key, ttl)

    def incr(self, key: str, index: int, ttl: int) -> int | None:
        if time.monotonic() - self._failed_at < REDIS_RETRY_SECONDS:
            return None
        try:
            return self._count(key, ttl)
        except redis.RedisError:
            self._failed_at = time.monotonic()
            logger.warning(
                "rate limits not counted for %s s: Redis unavailable", REDIS_RETRY_SECONDS
            )
            return None


class LocalCounts:
    """Counts in this process's memory (the embedded default: one process); only the current
    window's are kept."""

    def __init__(self):
        self._lock = threading.Lock()
        self._index = -1
        self._counts: dict[str, int] = {}

    def incr(self, key: str, index: int, ttl: int) -> int:
        with self._lock:
            if index > self._index:  # a new window: the ended ones' counts go
                self._index, self._counts = index, {}
            count = self._counts[key] = self._counts.get(key, 0) + 1
            return count


_stores: dict[str, RedisCounts | LocalCounts] = {}


def _store() -> RedisCounts | LocalCounts:
    """One store per process and Redis URL (a test may change the URL)."""
    url = settings.REDIS_URL or ""
    store = _stores.get(url)
    if store is None:
        store = _stores.setdefault(url, RedisCounts(url) if url else LocalCounts())
    return store
