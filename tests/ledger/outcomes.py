"""A reply_to task for tests: it records every outcome the ledger area hands over."""

import threading
import time

from celery import shared_task

REPLY_TO = "tests.ledger.record_outcome"
RECEIVED: list[dict] = []
_lock = threading.Lock()


@shared_task(name=REPLY_TO)
def record_outcome(outcome: dict) -> None:
    from ledger import services

    services.acknowledge(outcome)  # as a real receiver does once it recorded the outcome
    with _lock:
        RECEIVED.append(outcome)


def clear() -> None:
    with _lock:
        RECEIVED.clear()


def wait_for(count: int, timeout: float = 30.0) -> list[dict]:
    """The outcomes once at least `count` arrived (a real worker delivers them asynchronously)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with _lock:
            if len(RECEIVED) >= count:
                return list(RECEIVED)
        time.sleep(0.05)
    raise AssertionError(f"expected {count} outcomes within {timeout}s, got {len(RECEIVED)}")
