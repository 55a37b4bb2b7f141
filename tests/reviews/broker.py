"""A broker of the test's own (a redis-server it can stop and start) and Celery workers as
real processes (so one can be killed with SIGKILL mid-task)."""

import contextlib
import json
import os
import shutil
import signal
import socket
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
    """A throwaway redis-server on a free port, keeping nothing on disk."""

    def __init__(self):
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.dir = tempfile.mkdtemp(prefix="broker-")
        self.process = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                shutil.which("redis-server") or "redis-server",
                "--port",
                str(self.port),
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
            socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock,
        ):
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
    consuming every queue unless told which."""

    def __init__(self, broker_url: str, env: dict | None = None, queues=QUEUES):
        env = {**os.environ, **worker_env(broker_url), **(env or {})}
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
                "--queues",
                ",".join(queues),
                "--loglevel",
                "WARNING",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )


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
