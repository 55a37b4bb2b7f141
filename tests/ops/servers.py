"""gunicorn with the production configuration (gunicorn.conf.py), and nginx in front of it
with the configuration rendered from deploy/nginx/, as subprocesses on loopback ports."""

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import requests

from ops import nginx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, process: subprocess.Popen) -> None:
    for _ in range(300):
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[0]} exited with {process.returncode}")
        try:
            requests.get(url, timeout=10)
            return
        except requests.ConnectionError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answered on {url}")


@contextmanager
def running(argv: list[str], url: str, **kwargs):
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)
    try:
        _wait_for(url, process)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=30)


@contextmanager
def gunicorn(tmp_path: Path, threads: int = 1):
    """gunicorn serving the service (one process, SQLite, DEBUG); yields its base URL."""
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "SECURE_SSL_REDIRECT": "0",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "GUNICORN_THREADS": str(threads),
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.pop("REDIS_URL", None)
    base = f"http://127.0.0.1:{port}"
    argv = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "config.wsgi"]
    with running(argv, f"{base}/healthz", cwd=ROOT, env=env):
        yield base


@contextmanager
def behind_nginx(upstream: str, run_dir: Path):
    """nginx (the local variant of deploy/nginx/) in front of `upstream`; yields its base URL."""
    port = free_port()
    conf = nginx.write(
        "local",
        run_dir,
        UPSTREAM=upstream.removeprefix("http://"),
        LISTEN=f"127.0.0.1:{port}",
        RUN_DIR=str(run_dir),
        ACCESS_LOG=str(run_dir / "access.log"),
    )
    base = f"http://127.0.0.1:{port}"
    argv = [nginx.NGINX, "-p", str(run_dir), "-c", str(conf), "-e", "stderr"]
    with running(argv, f"{base}/healthz"):
        yield base
