"""Waiting for what another thread or process finishes on its own time (a live server's
request the client gave up on), with a deadline far above any machine's slowness."""

import time


def eventually(predicate, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
