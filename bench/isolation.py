"""The pieces of the isolation benchmark (`manage.py bench_isolation`) and of the test that pins
its result: webhook receivers and a provider ledger on loopback sockets that note when each
request arrived, and a host's Celery workers started as real processes, either as the
`Procfile` lays them out or as one worker for everything.

Only APIs that every version of the service has are used here, so the same benchmark can be
run against an earlier checkout for a before-and-after table.
"""

import os
import shlex
import subprocess
import sys
import threading
import time
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
    `delay_seconds` (a slow receiver holds its caller that long)."""

    status: int = 204
    delay_seconds: float = 0.0
    arrivals: list[Arrival] = field(default_factory=list)

    def __post_init__(self):
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                at = time.time()
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k.lower(): v for k, v in self.headers.items()}
                owner.arrivals.append(Arrival(at, self.path, headers, body))
                if owner.delay_seconds:
                    time.sleep(owner.delay_seconds)
                self.send_response(owner.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def first(self, path_suffix: str) -> Arrival | None:
        return next((a for a in list(self.arrivals) if a.path.endswith(path_suffix)), None)

    def close(self) -> None:
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
