"""A provider's ledger that approves every call at once: the far end of payouts measured end
to end (`bench_http --ledger stand-in`).

In production a provider's ledger runs on the provider's machines. The sandbox ledger
(`ledger.sandbox`) keeps real books in this service's database and answers through the whole
Django stack, so on a benchmark machine it spends about a third of the CPU a payout costs and
competes with the service for the same cores. This stand-in does what any ledger must and no
more: it opens the JWE request with the provider's key, reads the claims as the sandbox reads
them (`ledger.sandbox.protocol`), and seals an approval with a new reference. No books, no
database, no faults; a bad request gets the sandbox's status codes (400, 404, 422).

It is a bare WSGI application (`app`) served by gunicorn (`serve`), its key from the
environment (`STAND_IN_LEDGER_KEY`, the JWK's JSON); `wire` registers a provider's ledger at
it with a new key.
"""

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from jwcrypto import jwk

from bench import loadtest
from common.ids import new_id
from ledger import codec
from ledger.claims import APPROVED, ENDPOINTS
from ledger.sandbox import protocol

KEY_VARIABLE = "STAND_IN_LEDGER_KEY"
BENCH_WORKERS = 2  # gunicorn sync workers: the ledger worker sends at most 4 calls at a time
# The prefix of each endpoint's new reference, as the sandbox names them.
_REFERENCE_PREFIX = {"authorize": "hold", "release": "rel", "capture": "cap"}


@cache
def _key() -> jwk.JWK:
    return jwk.JWK.from_json(os.environ[KEY_VARIABLE])


def answer(endpoint: str, body: bytes, key: jwk.JWK | None = None) -> tuple[int, dict]:
    """The status and JSON body the ledger answers `body` posted to `endpoint` with, under
    `key` (the environment's when not given)."""
    key = _key() if key is None else key
    spec = ENDPOINTS.get(endpoint)
    if spec is None:
        return 404, {"detail": f"no ledger endpoint {endpoint!r}"}
    try:
        token = codec.open_envelope(body, "request")
        claims = codec.decrypt(token, key, typ=endpoint)
    except (codec.InvalidEnvelope, codec.InvalidToken) as exc:
        return 400, {"detail": str(exc)}
    try:
        request = protocol.parse(endpoint, claims["service"])
    except protocol.MalformedClaims as exc:
        return 422, {"detail": str(exc)}
    service = {
        "outcome": APPROVED,
        spec.reference: new_id(_REFERENCE_PREFIX[endpoint]),
        "idempotencyKey": request.idempotency_key,
    }
    return 200, codec.envelope("response", codec.seal(typ=endpoint, service=service, key=key))


_REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
            422: "Unprocessable Entity"}  # fmt: skip


def app(environ, start_response):
    """POST `.../<endpoint>` with `{"request": <JWE>}`; any path ending in the endpoint."""
    if environ["REQUEST_METHOD"] != "POST":
        status, body = 405, {"detail": "Use POST."}
    else:
        length = int(environ.get("CONTENT_LENGTH") or 0)
        endpoint = environ.get("PATH_INFO", "").rstrip("/").rsplit("/", 1)[-1]
        status, body = answer(endpoint, environ["wsgi.input"].read(length))
    payload = json.dumps(body, separators=(",", ":")).encode()
    headers = [("Content-Type", "application/json"), ("Content-Length", str(len(payload)))]
    start_response(f"{status} {_REASONS[status]}", headers)
    return [payload]


def wire(provider_id: str, port: int) -> jwk.JWK:
    """Register the provider's ledger at the stand-in on 127.0.0.1:`port`, with a new key
    (returned: the stand-in is started with it)."""
    # Here, not at the top: the served application loads no models (no Django apps at all).
    from ledger import services as ledger_services

    base = f"http://127.0.0.1:{port}/ledger/{provider_id}"
    registered = ledger_services.register_ledger(
        provider_id=provider_id,
        authorize_url=f"{base}/authorize",
        release_url=f"{base}/release",
        capture_url=f"{base}/capture",
        generate_key=True,
        require_https=False,
    )
    return registered.generated_key


@contextmanager
def serve(key: jwk.JWK, *, port: int, workers: int = 2, log_path: Path | None = None):
    """gunicorn serving the stand-in on 127.0.0.1:`port` with `key`; yields its base URL."""
    env = {**os.environ, KEY_VARIABLE: key.export()}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_ROOT, env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}"]
    command += ["--workers", str(workers), "--log-level", "warning", "bench.stand_in_ledger:app"]
    log = open(log_path or os.devnull, "w")  # noqa: SIM115 (closed below)
    process = subprocess.Popen(command, cwd=_ROOT, env=env, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base, process)
        yield loadtest.Served(base, process.pid, database="")  # no database of its own
    finally:
        loadtest.stop(process)
        log.close()


_ROOT = str(Path(__file__).resolve().parents[1])


def _wait_for(base: str, process, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the stand-in ledger exited while starting")
        try:
            urllib.request.urlopen(f"{base}/authorize", timeout=2).close()
        except urllib.error.HTTPError:
            return  # it answers (405 to a GET)
        except OSError:
            time.sleep(0.2)
            continue
        return
    raise RuntimeError(f"the stand-in ledger did not answer at {base}")
