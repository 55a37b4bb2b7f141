"""gunicorn serving config.settings with DEBUG off, as a production host runs it, on plain http
on loopback (LOCAL_HTTP), for the tests of what only a real server shows."""

import os
import subprocess
import sys
from pathlib import Path

import requests

from bench.loadtest import free_port
from tests.reviews.broker import ChildProcess, wait_until

ROOT = Path(__file__).resolve().parents[1]


def production_env(folder: Path, **extra: str) -> dict[str, str]:
    """The environment of a production process on a free port, its SQLite file and metrics
    in `folder`; `extra` adds to it or replaces."""
    port = free_port()
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "LOCAL_HTTP": "1",
        "SECRET_KEY": "production-server-test-secret-key-" + "x" * 30,
        "SERVICE_BASE_URL": f"http://127.0.0.1:{port}",
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "GUNICORN_THREADS": "4",
        "PROMETHEUS_MULTIPROC_DIR": str(folder),
        **extra,
    }


def manage(env: dict, *args: str) -> str:
    """`manage.py args` in a process of its own; its standard output."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=5).status_code == 200
    except requests.RequestException:  # not listening yet, or a worker still starting
        return False


class Gunicorn(ChildProcess):
    """`gunicorn -c gunicorn.conf.py config.wsgi` with `env`, answering at `self.url`."""

    def __init__(self, env: dict):
        self.url = env["SERVICE_BASE_URL"]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "config.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until(lambda: _answers(f"{self.url}/healthz"), 60, "gunicorn to answer")
        except BaseException:
            self.stop()
            raise
