"""The streaming replica the router tests read from: waiting for it to replay, pausing it."""

import time
from contextlib import contextmanager

from django.db import connections
from django.db.utils import OperationalError

from common import replica


def _primary_lsn() -> str:
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_lsn()")
        return str(cursor.fetchone()[0])


def _on_replica(sql: str, params=()):
    with connections[replica.REPLICA].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()[0]


def wait_for_replay(timeout: float = 30) -> None:
    """Until the replica has replayed everything the primary has written so far (its copy
    of the test database may not even exist yet at the start)."""
    target = _primary_lsn()
    deadline = time.monotonic() + timeout
    while True:
        try:
            if _on_replica("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [target]):
                return
        except OperationalError:
            connections[replica.REPLICA].close()
        if time.monotonic() > deadline:
            raise AssertionError(f"the replica did not replay up to {target} in {timeout}s")
        time.sleep(0.05)


@contextmanager
def replay_paused():
    """The replica stops applying what it receives until the block ends."""
    wait_for_replay()
    _on_replica("SELECT pg_wal_replay_pause()")
    try:
        deadline = time.monotonic() + 10
        while _on_replica("SELECT pg_get_wal_replay_pause_state()") != "paused":
            assert time.monotonic() < deadline, "replay did not pause"
            time.sleep(0.05)
        yield
    finally:
        _on_replica("SELECT pg_wal_replay_resume()")


def wait_until_lag_exceeds(seconds: float, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while replica.measure_lag() <= seconds:
        assert time.monotonic() < deadline, f"the replica never fell {seconds}s behind"
        time.sleep(0.1)
