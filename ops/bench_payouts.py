"""Payouts per second end to end, in the production layout (`bench_http`'s last part).

Payouts are created through the service (`payments.services.create_payout`, the path of the
staff command and the demo) by 1, 4 and 16 concurrent senders in the benchmark process; each
creation publishes its ledger call to the broker and returns. A Celery worker consuming the
ledger queue, as the Procfile's `worker-ledger` (prefork, 4 processes), sends each authorize
over HTTP with JWE to the sandbox ledger gunicorn serves, and applies the outcome. Two rates
per concurrency: payouts created per second (the request's side) and payouts authorized per
second (from the first creation until the last of them has its hold: the worker's side).
"""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from django.conf import settings
from django.db import connection

from common.actors import Actor
from common.errors import DomainError
from payments import services as payment_services
from payments.models import Payout, PayoutStatus

WORKER_PROCESSES = 4  # the Procfile's worker-ledger


def worker(checkout: Path, env: dict, log_path: Path) -> subprocess.Popen:
    """The ledger queue's worker of `checkout`, with the served checkout's environment."""
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "prefork"]
    command += ["-c", str(WORKER_PROCESSES), "-Q", "ledger", "-n", f"bench-ledger-{os.getpid()}"]
    log = open(log_path, "w")  # noqa: SIM115 (the worker's lifetime)
    full_env = {**os.environ, **env, "DEBUG": "0", "PYTHONPATH": str(checkout)}
    return subprocess.Popen(
        [*command, "--loglevel", "WARNING"], cwd=checkout, env=full_env, stdout=log, stderr=log
    )


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()


def create(provider_id: str, sender: str) -> str:
    payout = payment_services.create_payout(
        data=payment_services.NewPayout(
            provider_id=provider_id,
            sender=sender,
            recipient_phone="+14155550123",
            amount_minor=100,
            currency=settings.PLATFORM_CURRENCY,
        ),
        actor=Actor.system(),
    )
    return payout.pk


def run(provider_id: str, senders: list[str], concurrency: int, *, timeout: float = 300) -> dict:
    """Create one payout per sender with `concurrency` threads, then wait until the worker
    has authorized them (or they ended otherwise)."""
    chunks = [senders[n::concurrency] for n in range(concurrency)]
    created: list[str] = []
    refused: list[str] = []
    lock = threading.Lock()

    def work(chunk):
        try:
            for sender in chunk:
                try:
                    payout_id = create(provider_id, sender)
                except DomainError:
                    with lock:
                        refused.append(sender)
                    continue
                with lock:
                    created.append(payout_id)
        finally:
            connection.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=work, args=(chunk,)) for chunk in chunks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    creating = time.perf_counter() - started
    waiting = Payout.objects.filter(pk__in=created, status=PayoutStatus.INITIATED)
    deadline = time.monotonic() + timeout
    while waiting.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    done = time.perf_counter() - started
    # Authorized: the ledger placed the hold (the payout moves on to `accepted` at once).
    authorized = Payout.objects.filter(pk__in=created).exclude(hold_reference="").count()
    return {
        "concurrency": concurrency,
        "payouts": len(created),
        "refused": len(refused),
        "created_per_second": round(len(created) / creating, 1),
        "authorized": authorized,
        "still_initiated": waiting.count(),
        "authorized_per_second": round(authorized / done, 1),
        "seconds": round(done, 2),
    }
