"""The sandbox ledger as a provider would be called: strict on what it accepts, 4xx (terminal)
for anything it cannot act on, 503 / 429 only when faults are injected.

The validation matrix goes through Django's test client (`sandbox`, no socket); what needs a
socket (timeouts) and a sample of each answer go over real HTTP (`sandbox_ledger`)."""

import json
import time

import pytest
import requests
from jwcrypto import jwe, jwk

from ledger import codec, keys
from ledger.sandbox.handle import wire_sandbox_ledger
from ledger.sandbox.models import SandboxOperation
from tests.ledger.support import InProcess, authorize_service, open_response, post_sandbox

PROBLEM = "application/problem+json"
IN_PROCESS = InProcess()


@pytest.fixture
def sandbox(provider):
    """The provider wired to the sandbox, reached in-process (no socket)."""
    return wire_sandbox_ledger(provider.id, "http://localhost")


def post(handle, endpoint, **kwargs):
    return post_sandbox(handle, endpoint, http=IN_PROCESS, **kwargs)


def claims_token(handle, claims: dict, header: dict | None = None, key=None) -> str:
    token = jwe.JWE(plaintext=json.dumps(claims).encode(), protected=header or dict(codec.HEADER))
    token.add_recipient(key or handle.key)
    return token.serialize(compact=True)


def valid_claims(provider_id, **overrides):
    now = int(time.time())
    data = {
        "typ": "authorize",
        "iat": now,
        "exp": now + 300,
        "service": authorize_service(provider_id, "po_S1"),
    }
    data.update(overrides)
    return {name: value for name, value in data.items() if value is not None}


def assert_rejected(response, status, detail_part):
    assert response.status_code == status, response.content
    assert response.headers["Content-Type"] == PROBLEM
    assert detail_part in response.json()["detail"]
    assert SandboxOperation.objects.count() == 0


def test_a_valid_request_gets_an_encrypted_response(sandbox_ledger, provider):
    response = post_sandbox(
        sandbox_ledger, "authorize", service=authorize_service(provider.id, "po_S1")
    )
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/json"
    assert set(response.json()) == {"response"}
    token = response.json()["response"]
    claims = codec.decrypt(token, sandbox_ledger.key, typ="authorize")
    assert claims["typ"] == "authorize" and claims["exp"] > claims["iat"]
    assert claims["service"]["outcome"] == "approved"
    assert claims["service"]["idempotencyKey"] == "po_S1:authorize"


def test_unknown_provider_is_404(live_server, sandbox_ledger, provider):
    url = f"{live_server.url}/sandbox/ledger/prv_unknown/authorize"
    response = requests.post(url, json={"request": "x"}, timeout=5)
    assert_rejected(response, 404, "No ledger is registered")


def test_only_post(sandbox):
    response = IN_PROCESS.get(sandbox.urls["authorize_url"])
    assert response.status_code == 405 and response.headers["Allow"] == "POST"


def test_body_must_be_json(sandbox):
    response = IN_PROCESS.post(sandbox.urls["authorize_url"], data="request=x")
    assert_rejected(response, 415, "application/json")


@pytest.mark.parametrize(
    "body",
    [{}, {"response": "x"}, {"request": 1}, {"request": "a.b.c.d.e", "extra": True}, ["x"]],
)
def test_envelope_must_be_exact(sandbox, body):
    response = post(sandbox, "authorize", body=body)
    assert_rejected(response, 400, "request")


def test_bad_jwe_is_400(sandbox):
    response = post(sandbox, "authorize", token="not-a-jwe")
    assert_rejected(response, 400, "compact JWE")


def test_another_key_is_400(sandbox, provider):
    token = claims_token(sandbox, valid_claims(provider.id), key=keys.generate())
    response = post(sandbox, "authorize", token=token)
    assert_rejected(response, 400, "cannot be decrypted")


@pytest.mark.parametrize(
    ("header", "key_size", "detail"),
    [
        ({"alg": "A128KW", "enc": "A256GCM"}, 128, "alg 'A128KW'"),
        ({"alg": "dir", "enc": "A256GCM"}, 256, "alg 'dir'"),
        ({"alg": "A256KW", "enc": "A128GCM"}, None, "enc 'A128GCM'"),
        ({"alg": "A256KW", "enc": "A256GCM", "zip": "DEF"}, None, "zip"),
    ],
)
def test_wrong_algorithms_and_compression_are_400(sandbox, provider, header, key_size, detail):
    key = jwk.JWK.generate(kty="oct", size=key_size) if key_size else None
    token = claims_token(sandbox, valid_claims(provider.id), header=header, key=key)
    response = post(sandbox, "authorize", token=token)
    assert_rejected(response, 400, detail)


@pytest.mark.parametrize(
    ("overrides", "detail"),
    [
        ({"exp": 1_000_000_000, "iat": 999_999_000}, "expired"),
        ({"exp": None}, '"exp" claim is required'),
        ({"iat": int(time.time()) + 3600, "exp": int(time.time()) + 3900}, "future"),
        ({"typ": "release"}, "expected 'authorize'"),
        ({"typ": None}, '"typ" claim is required'),
    ],
)
def test_bad_claims_envelope_is_400(sandbox, provider, overrides, detail):
    token = claims_token(sandbox, valid_claims(provider.id, **overrides))
    response = post(sandbox, "authorize", token=token)
    assert_rejected(response, 400, detail)


@pytest.mark.parametrize(
    ("change", "detail"),
    [
        ({"payoutID": ""}, "service.payoutID"),
        ({"fundingSource": "x" * 257}, "service.fundingSource"),
        ({"fraudScore": 1.5}, "fraudScore"),
        ({"fraudScore": True}, "fraudScore"),
        (
            {"amount": {"value": "1.234", "currency": {"code": "USD", "decimalPlaces": 2}}},
            "at most",
        ),
        (
            {"amount": {"value": "1.00", "currency": {"code": "USD", "decimalPlaces": 3}}},
            "must be 2",
        ),
        (
            {"amount": {"value": "0.00", "currency": {"code": "USD", "decimalPlaces": 2}}},
            "positive",
        ),
        ({"amount": {"value": "1.00", "currency": {"code": "usd", "decimalPlaces": 2}}}, "ISO"),
        ({"amount": "1.00"}, "amount object"),
        ({"idempotencyKey": None}, "idempotencyKey"),
        ({"providerID": "prv_someone_else"}, "not the provider of this ledger"),
    ],
)
def test_malformed_service_claims_are_422(sandbox, provider, change, detail):
    service = {**authorize_service(provider.id, "po_S1"), **change}
    service = {name: value for name, value in service.items() if value is not None}
    response = post(sandbox, "authorize", service=service)
    assert_rejected(response, 422, detail)


def test_a_key_reused_for_another_payout_is_409(sandbox, provider):
    first = authorize_service(provider.id, "po_S1", key="shared")
    assert post(sandbox, "authorize", service=first).status_code == 200
    second = authorize_service(provider.id, "po_S2", key="shared")
    response = post(sandbox, "authorize", service=second)
    assert response.status_code == 409
    assert "used for payout po_S1" in response.json()["detail"]
    assert sandbox.holds("po_S2") == []


def test_replay_returns_the_same_answer(sandbox, provider):
    service = authorize_service(provider.id, "po_S3")
    first = open_response(sandbox, "authorize", post(sandbox, "authorize", service=service))
    second = open_response(sandbox, "authorize", post(sandbox, "authorize", service=service))
    assert first == second and first["outcome"] == "approved"
    assert len(sandbox.holds("po_S3")) == 1


def test_injected_429_carries_retry_after_and_processes_nothing(sandbox_ledger, provider):
    sandbox_ledger.set_faults(rate_429=1.0, retry_after_seconds=7)
    response = post_sandbox(
        sandbox_ledger, "authorize", service=authorize_service(provider.id, "po_S4")
    )
    assert response.status_code == 429 and response.headers["Retry-After"] == "7"
    assert sandbox_ledger.holds() == [] and sandbox_ledger.faults().injected_429 == 1


def test_injected_503(sandbox, provider):
    sandbox.set_faults(rate_503=1.0)
    response = post(sandbox, "authorize", service=authorize_service(provider.id, "po_S5"))
    assert response.status_code == 503 and "Retry-After" not in response.headers
    assert sandbox.faults().injected_503 == 1


def test_slow_answers_are_processed_then_held_back(sandbox_ledger, provider):
    sandbox_ledger.set_faults(slow_rate=1.0, slow_ms=300)
    started = time.monotonic()
    response = post_sandbox(
        sandbox_ledger, "authorize", service=authorize_service(provider.id, "po_S6")
    )
    assert response.status_code == 200 and time.monotonic() - started >= 0.3
    lost = codec.seal(
        typ="authorize", service=authorize_service(provider.id, "po_S7"), key=sandbox_ledger.key
    )
    with pytest.raises(requests.Timeout):
        requests.post(sandbox_ledger.urls["authorize_url"], json={"request": lost}, timeout=0.1)
    # The reply was lost to the timeout, but the hold is there.
    time.sleep(0.4)
    assert len(sandbox_ledger.holds("po_S7")) == 1
    assert sandbox_ledger.faults().injected_slow == 2


def test_fault_settings_are_validated(sandbox):
    from common.errors import InvalidRequest

    for bad in (
        {"rate_503": 1.5},
        {"rate_503": 0.6, "rate_429": 0.6},
        {"next_statuses": [200]},
        {"slow_ms": -1},
    ):
        with pytest.raises(InvalidRequest):
            sandbox.set_faults(**bad)
