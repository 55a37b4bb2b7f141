"""The pieces of the isolation benchmark (`manage.py bench_isolation`) and of the test that pins
its result: webhook receivers and a provider ledger on loopback sockets that note when each
request arrived, and a host's Celery workers started as real processes, either as the
`Procfile` lays them out or as one worker for everything.

Only APIs that every version of the service has are used here, so the same benchmark can be
run against an earlier checkout for a before-and-after table.
"""

import json
import os
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What the service ran before it had a queue per kind of work: one worker, two processes,
# consuming everything (every queue name the service has used).
QUEUE_NAMES = ("default", "ledger", "reviews", "participants", "webhooks", "sweeps")
SINGLE_WORKER = f"celery -A config worker -P prefork -c 2 -Q {','.join(QUEUE_NAMES)}"


@dataclass
class Arrival:
    at: float  # time.time() when the request line arrived
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Listener:
    """An HTTP server on 127.0.0.1 that keeps every POST and answers `status` after
    `delay_seconds` (a slow receiver holds its caller that long), or what `respond(path,
    body)` returns: (status, body). Closing it answers whoever it still holds at once."""

    status: int = 204
    delay_seconds: float = 0.0
    arrivals: list[Arrival] = field(default_factory=list)
    respond: Callable[[str, bytes], tuple[int, bytes]] | None = None

    def __post_init__(self):
        owner = self
        self.closing = threading.Event()

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                at = time.time()
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k.lower(): v for k, v in self.headers.items()}
                owner.arrivals.append(Arrival(at, self.path, headers, body))
                if owner.delay_seconds:
                    owner.closing.wait(owner.delay_seconds)
                status, reply = (
                    owner.respond(self.path, body) if owner.respond else (owner.status, b"")
                )
                self.send_response(status)
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def first(self, path_suffix: str) -> Arrival | None:
        return next((a for a in list(self.arrivals) if a.path.endswith(path_suffix)), None)

    def close(self) -> None:
        self.closing.set()
        self.server.shutdown()
        self.server.server_close()


def procfile_workers() -> list[str]:
    """The worker command lines of the Procfile, as a production host runs them."""
    from ops import procfile

    return [process.command for process in procfile.read() if process.kind == "worker"]


class Workers:
    """Worker processes from command lines (`celery …`), on this interpreter, from the
    checkout, with `env` over this process's environment; output to `log_path` if given."""

    def __init__(self, commands: list[str], env: dict[str, str], log_path: str | None = None):
        self.commands = commands
        self.env = {**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0", **env}
        self.log = open(log_path, "ab") if log_path else subprocess.DEVNULL  # noqa: SIM115
        self.processes: list[subprocess.Popen] = []

    def start(self) -> None:
        for command in self.commands:
            argv = shlex.split(command)
            assert argv[0] == "celery", command
            argv = [sys.executable, "-m", "celery", *argv[1:]]
            argv += ["--without-gossip", "--without-mingle"]
            self.processes.append(
                subprocess.Popen(
                    argv, cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT
                )
            )

    def wait_ready(self, app, timeout: float = 90) -> None:
        """Until every worker answers a ping (its pool is up and it consumes its queues)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(p.poll() is not None for p in self.processes):
                raise RuntimeError("a worker exited while starting")
            if len(app.control.ping(timeout=1.0)) >= len(self.processes):
                return
        raise RuntimeError(f"the workers did not all answer within {timeout:g} s")

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        if self.log is not subprocess.DEVNULL:
            self.log.close()


def ledger_listener(provider_id: str, *, delay_seconds: float = 0.0) -> Listener:
    """The provider's ledger registered at a loopback listener that approves every call as
    the stand-in ledger does (bench.stand_in_ledger), each after `delay_seconds`."""
    from bench import stand_in_ledger

    listener = Listener(delay_seconds=delay_seconds)
    key = stand_in_ledger.wire(provider_id, listener.server.server_port)

    def respond(path: str, body: bytes) -> tuple[int, bytes]:
        endpoint = path.rstrip("/").rsplit("/", 1)[-1]
        status, reply = stand_in_ledger.answer(endpoint, body, key)
        return status, json.dumps(reply).encode()

    listener.respond = respond
    return listener


@dataclass
class SlowLedger:
    """Provider A, whose ledger answers after `delay_seconds` and who is owed `backlog`
    payouts (one sender each: no velocity rule sends one to review), and provider B, whose
    ledger answers at once."""

    slow: Listener
    fast: Listener
    slow_provider_id: str
    fast_provider_id: str
    slow_senders: list[str]
    fast_sender: str

    @classmethod
    def arrange(cls, *, delay_seconds: float, backlog: int) -> "SlowLedger":
        from bench.management.commands.bench_events import bench_participant
        from providers import services as provider_services

        slow_provider, _ = provider_services.create_provider(name="Slow ledger")
        fast_provider, _ = provider_services.create_provider(name="Fast ledger")
        slow = ledger_listener(slow_provider.id, delay_seconds=delay_seconds)
        fast = ledger_listener(fast_provider.id)
        senders = [bench_participant(slow_provider, n).external_id for n in range(backlog)]
        fast_sender = bench_participant(fast_provider, backlog).external_id
        return cls(slow, fast, slow_provider.id, fast_provider.id, senders, fast_sender)

    def close(self) -> None:
        self.slow.close()
        self.fast.close()

    def measure(self, timeout: float) -> dict:
        """A's payouts, then (once A's ledger holds the first of them) B's: how long B's
        authorize took, from creating the payout to the call's recorded answer."""
        from bench.payouts import create
        from ledger.models import LedgerCall

        for sender in self.slow_senders:
            create(self.slow_provider_id, sender)
        wait_for(lambda: self.slow.arrivals, timeout)
        created = time.time()
        payout_id = create(self.fast_provider_id, self.fast_sender)
        answered = LedgerCall.objects.filter(
            payout_id=payout_id, endpoint="authorize", status="completed"
        )
        done = wait_for(answered.exists, timeout)
        call = answered.first()
        reached = self.fast.first("/authorize")
        return {
            "backlog": len(self.slow_senders),
            "slow_delay_s": self.slow.delay_seconds,
            "authorize_s": round(call.completed_on.timestamp() - created, 2) if done else None,
            "reached_ledger_s": round(reached.at - created, 2) if reached else None,
            "outcome": call.outcome if done else None,
            "slow_calls_started": len(self.slow.arrivals),
        }


def wait_for(predicate, timeout: float) -> bool:
    """Whether `predicate` came true within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False
