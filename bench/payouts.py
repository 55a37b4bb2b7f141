"""Payouts per second end to end, in the production layout (`bench_http`'s last part).

Payouts are created through the service (`payments.services.create_payout`, the path of the
staff command and the demo) by 1, 4 and 16 concurrent senders in the benchmark process; each
creation publishes its ledger call to the broker and returns. A Celery worker consuming the
ledger queue, as the Procfile's `worker-ledger` (prefork, 4 processes), sends each authorize
over HTTP with JWE to the provider's ledger (the sandbox ledger gunicorn serves, or the
stand-in of `bench.stand_in_ledger`), and applies the outcome. Two rates per concurrency:
payouts created per second (the request's side) and payouts authorized per second (from the
first creation until the last of them has its hold: the worker's side), with the CPU each
payout cost each process kind (read from /proc: rates drift on a shared machine, CPU per
payout much less). `profile` shows where the time of each side goes.
"""

import cProfile
import io
import os
import pstats
import subprocess
import sys
import threading
import time
from pathlib import Path

from django.conf import settings
from django.db import connection

from bench import loadtest
from common.actors import Actor
from common.errors import DomainError
from ledger import tasks as ledger_tasks
from ledger.services import calls as ledger_calls
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


def drain(queue: str = "ledger", *, seconds: float = 900) -> tuple[int, float]:
    """Wait until the worker has taken every message already on `queue` (a backlog the
    measured payouts would otherwise wait behind: the writes part of bench_http leaves its
    payout kind's ledger calls queued); the backlog found and the seconds it took."""
    from ops import queues

    started, backlog = time.monotonic(), None
    while time.monotonic() - started < seconds:
        found = {depth.queue: depth.depth for depth in queues.depths() or []}
        depth = found.get(queue, 0)
        backlog = depth if backlog is None else backlog
        if depth == 0:
            return backlog, time.monotonic() - started
        time.sleep(0.5)
    raise RuntimeError(f"the {queue} queue did not drain within {seconds:.0f} s")


def creating_over_http(base: str, auth: str):
    """`create`, as a provider's app does it: POST /providers/{providerID}/payouts on the
    served checkout, one keep-alive session per sending thread."""
    import uuid

    import requests

    local = threading.local()
    amount = {"value": "1.00", "currency": {"code": settings.PLATFORM_CURRENCY}}

    def post(provider_id: str, sender: str) -> str:
        session = getattr(local, "session", None)
        if session is None:
            session = local.session = requests.Session()
            session.headers["Authorization"] = auth
        body = {"participantID": sender, "recipient": {"phoneNumber": "+14155550123"}}
        response = session.post(
            f"{base}/providers/{provider_id}/payouts",
            json={**body, "amount": amount},
            headers={"X-Idempotency-Key": str(uuid.uuid4())},
            timeout=30,
        )
        if response.status_code in (409, 422):
            raise DomainError(response.text)
        response.raise_for_status()
        return response.json()["payout"]["payoutID"]

    return post


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


def run(
    provider_id: str,
    senders: list[str],
    concurrency: int,
    *,
    ledger_pid: int,
    database: str,
    worker_pid: int,
    timeout: float = 300,
    creator=None,
    service_pid: int | None = None,
) -> dict:
    """Create one payout per sender with `concurrency` threads (through the service, or by
    `creator`: `creating_over_http`'s, whose served checkout `service_pid` is), then wait until
    the worker has authorized them (or they ended otherwise)."""
    creator = creator or create
    chunks = [senders[n::concurrency] for n in range(concurrency)]
    created: list[str] = []
    refused: list[str] = []
    lock = threading.Lock()
    finished = threading.Semaphore(0)
    measured = threading.Event()

    def work(chunk):
        try:
            for sender in chunk:
                try:
                    payout_id = creator(provider_id, sender)
                except DomainError:
                    with lock:
                        refused.append(sender)
                    continue
                with lock:
                    created.append(payout_id)
        finally:
            finished.release()
            # The sender's PostgreSQL backend lives until the CPU has been read: its work
            # counts with the database's.
            measured.wait()
            connection.close()

    cpu_before = _cpu(ledger_pid, database, worker_pid, service_pid)
    started = time.perf_counter()
    threads = [threading.Thread(target=work, args=(chunk,)) for chunk in chunks]
    for thread in threads:
        thread.start()
    try:
        for _ in threads:
            finished.acquire()
        creating = time.perf_counter() - started
        waiting = Payout.objects.filter(pk__in=created, status=PayoutStatus.INITIATED)
        deadline = time.monotonic() + timeout
        while waiting.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        done = time.perf_counter() - started
        cpu_after = _cpu(ledger_pid, database, worker_pid, service_pid)
        cpu = {k: v - cpu_before[k] for k, v in cpu_after.items()}
    finally:
        measured.set()
        for thread in threads:
            thread.join()
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
        # CPU per payout (ms), by process kind; the senders' side includes their polling.
        "cpu_ms": {k: round(v * 1000 / max(len(created), 1), 1) for k, v in cpu.items()},
    }


def _cpu(
    ledger_pid: int, database: str, worker_pid: int, service_pid: int | None = None
) -> dict[str, float]:
    """CPU seconds so far: the senders (this process), the ledger worker's processes (its
    main process, which takes each message from the broker and hands it to the pool, and the
    pool's processes, which run the tasks), the ledger (the workers of the gunicorn serving
    it) and PostgreSQL's backends on the database (the senders' and the worker's; the
    sandbox ledger's too)."""
    main = loadtest.process_cpu(worker_pid)
    pool = sum(loadtest.process_cpu(pid) for pid in loadtest.children(worker_pid))
    served = {}
    if service_pid is not None and service_pid != ledger_pid:
        # The gunicorn the payouts are created through (when it is not the ledger's too).
        served["service"] = sum(loadtest.process_cpu(p) for p in loadtest.children(service_pid))
    return {
        **served,
        "senders": time.process_time(),
        "worker": main + pool,
        "worker main": main,
        "worker pool": pool,
        "ledger": sum(loadtest.process_cpu(pid) for pid in loadtest.children(ledger_pid)),
        "postgresql": sum(loadtest.process_cpu(pid) for pid in loadtest.backends(database)),
    }


def profile(provider_id: str, senders: list[str]) -> dict[str, list[dict]]:
    """Where the time goes, each side profiled on its own in this process: the creation of
    each payout (its ledger call held back), then the ledger worker's task for each call
    (the HTTP authorize to the served sandbox ledger and the outcome applied). Timed by this
    process's CPU: the waits on the ledger, PostgreSQL and Redis are left out."""
    held: list[str] = []
    enqueue = ledger_calls._enqueue
    ledger_calls._enqueue = lambda call_id, countdown=None: held.append(call_id)
    try:
        request = _profiled(lambda: [create(provider_id, s) for s in senders])
    finally:
        ledger_calls._enqueue = enqueue
    worker = _profiled(lambda: [ledger_tasks.deliver_call(call_id) for call_id in held])
    return {"request": request, "worker": worker}


def _profiled(work) -> list[dict]:
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    work()
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    rows = []
    for (path, line, function), (_, _, _, cumulative, _) in stats.stats.items():
        if "/site-packages/" in path and not any(
            lib in path for lib in ("requests/", "jwcrypto/", "psycopg/", "django/db/")
        ):
            continue
        rows.append((cumulative, f"{Path(path).name}:{line} {function}"))
    rows.sort(reverse=True)
    total = max(c for c, _ in rows) if rows else 1
    return [
        {"where": where, "seconds": round(c, 3), "share": round(c / total, 2)}
        for c, where in rows[1:13]
    ]
