"""Running one piece of work in several threads released together (PostgreSQL races)."""

import threading

from django.db import connection


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
