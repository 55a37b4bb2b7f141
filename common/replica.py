"""Reads from a streaming read replica, never at the cost of a provider's own writes.

With a "replica" database configured (DATABASE_REPLICA_URL) and `ReplicaRouter` installed
(config.settings does both), the router sends reads to it only inside `serve_read`, which the
provider API's list and feed actions open, and only when all of these hold at its start:
- the primary's connection is not inside a transaction (a read inside a write stays with it);
- the provider has not written within READ_YOUR_WRITES_SECONDS (`note_write`, called after
  every provider write request ends, keeps a marker in Redis that long);
- the replica answered the lag check, which runs at most every REPLICA_LAG_CHECK_SECONDS
  per process, no more than REPLICA_MAX_LAG_SECONDS behind.
Anything else, an unreachable Redis included, reads from the primary. A read the replica
fails (gone, or a query cancelled by a recovery conflict) is read again from the primary.

Without them every function here returns at once: nothing changes.
"""

import logging
import math
import threading
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import TypeVar

from django.conf import settings
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.utils import DatabaseError, InterfaceError, OperationalError

REPLICA = "replica"
MARKER_CACHE = "read_your_writes"
ROUTER = f"{__name__}.ReplicaRouter"

logger = logging.getLogger(__name__)

_replica_reads: ContextVar[bool] = ContextVar("replica_reads", default=False)
# The alias that served the last `serve_read` in this context (for logs and tests).
served_by: ContextVar[str | None] = ContextVar("replica_served_by", default=None)

T = TypeVar("T")


def configured() -> bool:
    """A replica database, and this router deciding where reads go."""
    return REPLICA in settings.DATABASES and ROUTER in settings.DATABASE_ROUTERS


class ReplicaRouter:
    """Reads inside an open `serve_read` scope go to the replica; everything else, writes
    always, to the primary."""

    def db_for_read(self, model, **hints):
        if _replica_reads.get() and not connections[DEFAULT_DB_ALIAS].in_atomic_block:
            return REPLICA
        # Explicit, so a row read from the replica never routes a later read there.
        return DEFAULT_DB_ALIAS

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True  # the same data on both

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return db == DEFAULT_DB_ALIAS  # the replica replays the primary's migrations


def _marker(provider_id: str) -> str:
    return f"wrote:{provider_id}"


def note_write(provider_id: str) -> None:
    """The provider wrote (its writes are committed): its reads stay on the primary for
    READ_YOUR_WRITES_SECONDS."""
    if not configured():
        return
    try:
        caches[MARKER_CACHE].set(_marker(provider_id), 1, timeout=settings.READ_YOUR_WRITES_SECONDS)
    except Exception:  # Redis down: the read side reads from the primary while it is
        logger.exception("could not record a write by %s for read-your-writes", provider_id)


def wrote_recently(provider_id: str) -> bool:
    try:
        return caches[MARKER_CACHE].get(_marker(provider_id)) is not None
    except Exception:
        logger.warning("read-your-writes marker unreadable; reading from the primary")
        return True


class _Lag:
    """The replica's lag as last measured by this process, measured again when older than
    REPLICA_LAG_CHECK_SECONDS. One thread measures; the others use the last answer meanwhile."""

    def __init__(self):
        self._lock = threading.Lock()
        self._checked_at = -math.inf
        self._seconds = math.inf

    def reset(self) -> None:
        with self._lock:
            self._checked_at, self._seconds = -math.inf, math.inf

    def failed(self) -> None:
        """The replica just failed a read: the primary serves until the next check."""
        self._seconds, self._checked_at = math.inf, time.monotonic()

    def seconds(self) -> float:
        if time.monotonic() - self._checked_at < settings.REPLICA_LAG_CHECK_SECONDS:
            return self._seconds
        if not self._lock.acquire(blocking=False):
            return self._seconds
        try:
            try:
                self._seconds = measure_lag()
            except DatabaseError:
                logger.warning("replica unreachable; reading from the primary", exc_info=True)
                self._seconds = math.inf
            self._checked_at = time.monotonic()
            return self._seconds
        finally:
            self._lock.release()


lag = _Lag()


def measure_lag() -> float:
    """How far behind the primary the replica's data may be, in seconds: 0 when it has
    replayed everything the primary had written at the moment of asking, else the age of the
    last transaction it replayed (an upper bound: nothing later has reached it)."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn()")
        (primary_lsn,) = cursor.fetchone()
    with connections[REPLICA].cursor() as cursor:
        cursor.execute(
            "SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn,"
            " EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())",
            [str(primary_lsn)],
        )
        caught_up, age = cursor.fetchone()
    if caught_up:
        return 0.0
    return math.inf if age is None else float(age)


def usable_for(provider_id: str) -> bool:
    """Whether this provider's read may go to the replica now."""
    return (
        configured()
        and not connections[DEFAULT_DB_ALIAS].in_atomic_block
        and not wrote_recently(provider_id)
        and lag.seconds() <= settings.REPLICA_MAX_LAG_SECONDS
    )


def serve_read(provider_id: str, read: Callable[[], T]) -> T:
    """`read()` with its queries on the replica when `usable_for` allows, else the primary."""
    if not usable_for(provider_id):
        served_by.set(DEFAULT_DB_ALIAS)
        return read()
    token = _replica_reads.set(True)
    try:
        result = read()
        served_by.set(REPLICA)
        return result
    except (OperationalError, InterfaceError):
        # A read only: asking the primary again is safe.
        logger.warning("replica read failed; reading from the primary", exc_info=True)
        lag.failed()
    finally:
        _replica_reads.reset(token)
    served_by.set(DEFAULT_DB_ALIAS)
    return read()
