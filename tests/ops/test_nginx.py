"""nginx in front of gunicorn, configured from deploy/nginx/ as rendered for this service:
ten connections trickling their headers tie up nothing of gunicorn's (other requests answer
within 100 ms while they are held), nginx's own answers are problem documents, its body
limit is the service's, and the production variant (TLS) is a valid configuration.

Against gunicorn alone, the same ten connections take every thread of a worker: the other
requests wait until a slow client finishes or gives up (docs/decisions/edge-proxy.md)."""

import json
import re
import socket
import subprocess
import threading
import time

import pytest
import requests

from ops import nginx
from tests.common.tls import certificate
from tests.ops.servers import behind_nginx, free_port, gunicorn


@pytest.fixture(autouse=True)
def static_root(settings, tmp_path):
    """nginx serves /static/ from STATIC_ROOT, which the test settings leave unset (nothing is
    collected for the suite)."""
    settings.STATIC_ROOT = str(tmp_path / "static")


SLOW_CLIENTS = 10


@pytest.fixture
def proxied(tmp_path):
    with (
        gunicorn(tmp_path, threads=4) as upstream,
        behind_nginx(upstream, tmp_path / "nginx") as base,
    ):
        yield base


class Trickle:
    """Connections that send a request's headers one line at a time, a line a second."""

    def __init__(self, base: str, count: int):
        host, port = base.removeprefix("http://").split(":")
        self.sockets = [socket.create_connection((host, int(port))) for _ in range(count)]
        for sock in self.sockets:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._drip, daemon=True)
        self.thread.start()

    def _drip(self):
        line = 0
        while not self.stopped.wait(1.0):
            for sock in self.sockets:
                sock.sendall(f"X-Slow-{line}: 1\r\n".encode())
            line += 1

    def all_waiting(self) -> bool:
        """Every connection still open, no answer on any: they are being held."""
        for sock in self.sockets:
            sock.setblocking(False)
            try:
                sock.recv(1)
                return False  # answered, or closed
            except BlockingIOError:
                pass
            finally:
                sock.setblocking(True)
        return True

    def close(self):
        self.stopped.set()
        self.thread.join()
        for sock in self.sockets:
            sock.close()


@pytest.mark.nginx
def test_slow_header_connections_hold_nothing_of_gunicorns(proxied):
    requests.get(f"{proxied}/healthz", timeout=5)  # the first request warms the process
    trickle = Trickle(proxied, SLOW_CLIENTS)
    try:
        timings = []
        deadline = time.monotonic() + 3  # spread over three seconds of trickling
        while time.monotonic() < deadline:
            started = time.monotonic()
            response = requests.get(f"{proxied}/healthz", timeout=5)
            timings.append(time.monotonic() - started)
            assert response.status_code == 200
            time.sleep(0.2)
        assert trickle.all_waiting()
    finally:
        trickle.close()
    assert len(timings) >= 10
    assert max(timings) < 0.1, [round(t * 1000, 1) for t in timings]


@pytest.mark.nginx
def test_nginx_answers_a_body_over_the_limit_as_the_service_would(proxied, settings):
    limit = settings.REQUEST_MAX_BODY_BYTES
    response = requests.post(
        f"{proxied}/providers/x/participants",
        data=b"a" * (limit + 1),
        headers={"Content-Type": "application/json"},
        timeout=10,
    )
    assert response.status_code == 413
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json() == {
        "type": "about:blank",
        "title": "Request Entity Too Large",
        "status": 413,
        "detail": f"The request body is larger than {limit} bytes.",
    }
    # At the limit, the request reaches the service (which asks for credentials first).
    at_limit = requests.post(
        f"{proxied}/providers/x/participants",
        data=b"a" * limit,
        headers={"Content-Type": "application/json"},
        timeout=10,
    )
    assert at_limit.status_code == 401


@pytest.mark.nginx
def test_an_unreachable_gunicorn_is_a_502_problem_document(tmp_path):
    with behind_nginx(f"127.0.0.1:{free_port()}", tmp_path / "nginx") as base:
        response = requests.get(f"{base}/healthz", timeout=5)
    assert response.status_code == 502
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json()["title"] == "Bad Gateway"


@pytest.mark.nginx
def test_the_production_variant_is_a_valid_configuration(tmp_path):
    cert, key = certificate(tmp_path, "api.example.com")
    site = nginx.write(
        "production",
        tmp_path / "site",
        UPSTREAM="127.0.0.1:8000",
        SERVER_NAME="api.example.com",
        TLS_CERTIFICATE=str(cert),
        TLS_CERTIFICATE_KEY=str(key),
        ACCESS_LOG=str(tmp_path / "access.log"),
    )
    # The host's nginx.conf includes the site in its http context; this one does only that.
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log stderr;\nevents {{}}\n"
        f"http {{\n  include {site};\n}}\n"
    )
    checked = subprocess.run(
        [nginx.NGINX, "-t", "-p", str(tmp_path), "-c", str(main), "-e", "stderr"],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
    text = site.read_text()
    assert "ssl_certificate " + str(cert) in text
    assert "return 301 https://api.example.com$request_uri;" in text


def test_the_rendered_limit_is_the_services_and_every_token_is_filled(settings, tmp_path):
    settings.REQUEST_MAX_BODY_BYTES = 2048
    proxy = nginx.render("proxy.conf", nginx.values(ACCESS_LOG="off", STATIC_ROOT="/s"))
    assert "client_max_body_size 2048;" in proxy
    assert "alias /s/;" in proxy
    problem = proxy.split("return 413 '", 1)[1].split("';", 1)[0]
    assert json.loads(problem)["detail"] == "The request body is larger than 2048 bytes."
    assert not re.search(r"@[A-Z0-9_]+@", proxy)
    with pytest.raises(KeyError, match="@ACCESS_LOG@"):
        nginx.render("proxy.conf", nginx.values())
