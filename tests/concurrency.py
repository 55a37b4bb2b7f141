"""Running one piece of work in several threads released together, and holding locks from
another transaction meanwhile (PostgreSQL races)."""

import threading
from contextlib import contextmanager

from django.db import connection, transaction


def race(fn, n: int = 8) -> list:
    """Run fn(i) in n threads released together; each result or raised exception, in order.
    Each thread closes its own database connection when done."""
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def worker(i):
        barrier.wait()
        try:
            results[i] = fn(i)
        except Exception as exc:  # collected for the assertions
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@contextmanager
def held_elsewhere(hold, *, seconds: float = 30):
    """Run `hold()` in a transaction of another thread (its own connection) and keep that
    transaction open, with whatever locks it took, for the `with` block (at most `seconds`);
    it commits when the block ends."""
    holding, release = threading.Event(), threading.Event()

    def run():
        try:
            with transaction.atomic():
                hold()
                holding.set()
                release.wait(seconds)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    try:
        assert holding.wait(10), "the other transaction did not take its locks"
        yield
    finally:
        release.set()
        thread.join()
