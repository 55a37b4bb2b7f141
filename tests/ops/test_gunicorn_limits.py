"""Behind gunicorn with its production configuration, a single header longer than gunicorn's
old 8190-byte field limit reaches the service: it answers, and over the service's own header
limit the answer is the 431 problem document, not gunicorn's HTML."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "SECURE_SSL_REDIRECT": "0",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "GUNICORN_THREADS": "1",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.pop("REDIS_URL", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "config.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                requests.get(f"{base}/healthz", timeout=10)
                break
            except requests.ConnectionError:
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_long_header_reaches_the_service_and_an_oversized_one_is_a_problem(server):
    assert requests.get(f"{server}/healthz", headers={"X-Long": "a" * 9000}).status_code == 200
    response = requests.get(f"{server}/healthz", headers={"X-Long": "a" * 17_000})
    assert response.status_code == 431
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json()["detail"] == "The request headers are larger than 16384 bytes."
