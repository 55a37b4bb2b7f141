"""A broker of the test's own (a redis-server it can stop and start) and Celery workers as
real processes (so one can be killed with SIGKILL mid-task)."""

import contextlib
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.db import connection

from config.celery import app as celery_app
from config.queues import QUEUES

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class RedisServer:
    """A throwaway redis-server on a free port, keeping nothing on disk (a restart starts it
    empty, as a failover to a Redis without persistence does). With `tls`, it speaks TLS only,
    with a certificate for `localhost` that the test makes and its URL trusts alone."""

    def __init__(self, tls: bool = False):
        self.port = _free_port()
        self.dir = tempfile.mkdtemp(prefix="broker-")
        self.process = None
        self.tls = None
        if tls:
            from tests.common.tls import certificate

            self.tls = certificate(Path(self.dir), "localhost")
            self.url = (
                f"rediss://localhost:{self.port}/0"
                f"?ssl_cert_reqs=required&ssl_ca_certs={self.tls[0]}"
            )
        else:
            self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        if self.tls:
            cert, key = self.tls
            ports = ["--port", "0", "--tls-port", str(self.port), "--tls-auth-clients", "no"]
            ports += ["--tls-cert-file", str(cert), "--tls-key-file", str(key)]
            ports += ["--tls-ca-cert-file", str(cert)]
        else:
            ports = ["--port", str(self.port)]
        self.process = subprocess.Popen(
            [
                shutil.which("redis-server") or "redis-server",
                *ports,
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.dir,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait(self.answers, 10, "redis-server to start")

    def answers(self) -> bool:
        with (
            contextlib.suppress(OSError),
            socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as plain,
        ):
            sock = plain
            if self.tls:
                context = ssl.create_default_context(cafile=str(self.tls[0]))
                sock = context.wrap_socket(plain, server_hostname="localhost")
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
        return False

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None
        _wait(lambda: not self.answers(), 10, "redis-server to stop")

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@contextlib.contextmanager
def celery_publishing_to(url: str):
    """Make this process publish tasks to `url` (not eagerly) for the duration."""
    conf = celery_app.conf
    saved = (conf.broker_url, conf.task_always_eager, conf.broker_connection_timeout)
    conf.broker_url, conf.task_always_eager = url, False
    conf.broker_connection_timeout = 1

    def drop_pools():
        # The producer pool is cached per app; a new broker URL needs a new one.
        celery_app._pool = None
        celery_app.amqp._producer_pool = None

    drop_pools()
    try:
        yield
    finally:
        conf.broker_url, conf.task_always_eager, conf.broker_connection_timeout = saved
        drop_pools()


def worker_env(broker_url: str) -> dict[str, str]:
    """What a worker process needs to work on this test's database and `broker_url`."""
    database = connection.settings_dict
    return {
        "REDIS_URL": broker_url,
        "DATABASE_URL": (
            f"postgres://{database['USER']}:{database['PASSWORD'] or ''}@"
            f"{database['HOST'] or '127.0.0.1'}:{database['PORT'] or 5432}/{database['NAME']}"
        ),
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "test-only-secret-key"),
    }


class ChildProcess:
    """A process a test started (`self.process`), stopped by TERM or KILL."""

    process: subprocess.Popen

    def kill(self) -> None:
        """SIGKILL: no shutdown, no acknowledgement, the open transaction dies with it."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


class Worker(ChildProcess):
    """`celery -A config worker` in its own process, on the test database and `broker_url`,
    consuming every queue unless told which (None: no -Q, what the settings declare)."""

    def __init__(self, broker_url: str, env: dict | None = None, queues=QUEUES):
        env = {**os.environ, **worker_env(broker_url), **(env or {})}
        only = ["--queues", ",".join(queues)] if queues is not None else []
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool",
                "solo",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                *only,
                "--loglevel",
                "WARNING",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )


class ProcfileProcess(ChildProcess):
    """A worker or beat line of the Procfile, run as written (its `celery` by this Python), on
    the test database and `broker_url`, its output in `log`."""

    def __init__(self, process, broker_url: str, log: Path, env: dict | None = None):
        self.name, self.log = process.name, log
        argv = process.argv
        assert argv[0] == "celery", process.command
        env = {**os.environ, **worker_env(broker_url), **(env or {})}
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", *argv],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its pool's children are stopped with it
            )

    def terminate(self) -> None:
        """SIGTERM to it and its pool, without waiting (`stop` waits)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


def run_python(code: str, env: dict, check: bool = False) -> subprocess.CompletedProcess:
    """`python -c code` in a process of its own, from the checkout, its output as text."""
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=check,
    )


def last_json_line(run: subprocess.CompletedProcess):
    return json.loads(run.stdout.strip().splitlines()[-1])


def wait_until(predicate, timeout: float = 30, what: str = "the condition") -> None:
    _wait(predicate, timeout, what)
