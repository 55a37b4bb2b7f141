"""The stand-in ledger of the payouts benchmark (bench.stand_in_ledger): served by gunicorn, it
authorizes a real payout over HTTP with JWE; its answers to bad requests are the sandbox's."""

import json

import pytest

from bench import stand_in_ledger
from bench.loadtest import free_port
from ledger import codec, keys
from payments.models import Operation
from tests.payments.factories import enroll, new_payout


@pytest.fixture
def key(monkeypatch):
    generated = keys.generate()
    monkeypatch.setenv(stand_in_ledger.KEY_VARIABLE, generated.export())
    stand_in_ledger._key.cache_clear()
    yield generated
    stand_in_ledger._key.cache_clear()


def _request(endpoint: str, service: dict, key) -> bytes:
    token = codec.seal(typ=endpoint, service=service, key=key)
    return json.dumps(codec.envelope("request", token)).encode()


AUTHORIZE = {
    "payoutID": "pay_1",
    "providerID": "prv_1",
    "externalID": "cust-1",
    "fundingSource": "card",
    "amount": {"value": "25.00", "currency": {"code": "USD", "decimalPlaces": 2}},
    "fraudScore": 0.1,
    "idempotencyKey": "pay_1:authorize",
}


def _service(body: dict, key) -> dict:
    return codec.decrypt(codec.open_envelope(json.dumps(body).encode(), "response"), key,
                         typ="authorize", typ_required=False)["service"]  # fmt: skip


def test_an_authorize_is_approved_with_a_new_hold_and_its_own_key(key):
    status, body = stand_in_ledger.answer("authorize", _request("authorize", AUTHORIZE, key))
    assert status == 200
    service = _service(body, key)
    assert service["outcome"] == "approved"
    assert service["holdReference"].startswith("hold_")
    assert service["idempotencyKey"] == "pay_1:authorize"
    _, again = stand_in_ledger.answer("authorize", _request("authorize", AUTHORIZE, key))
    assert _service(again, key)["holdReference"] != service["holdReference"]


def test_bad_requests_get_the_sandboxes_statuses(key):
    other = keys.generate()
    assert stand_in_ledger.answer("authorize", b"not json")[0] == 400
    assert stand_in_ledger.answer("authorize", _request("authorize", AUTHORIZE, other))[0] == 400
    # A token sealed for another endpoint is refused by its typ.
    assert stand_in_ledger.answer("capture", _request("authorize", AUTHORIZE, key))[0] == 400
    malformed = {**AUTHORIZE, "fraudScore": 2}
    assert stand_in_ledger.answer("authorize", _request("authorize", malformed, key))[0] == 422
    assert stand_in_ledger.answer("refund", _request("authorize", AUTHORIZE, key))[0] == 404


@pytest.mark.django_db(transaction=True)
def test_served_by_gunicorn_it_authorizes_a_payout(provider):
    port = free_port()
    key = stand_in_ledger.wire(provider.id, port)
    sender = enroll(provider.provider, given="Alice", family="Nguyen")
    with stand_in_ledger.serve(key, port=port, workers=1):
        payout = new_payout(provider.provider, sender)
    payout.refresh_from_db()
    assert payout.status == "accepted"
    assert payout.hold_reference.startswith("hold_")
    authorize = Operation.objects.get(payment_id=payout.id, type="authorize")
    assert authorize.status == "succeeded"
    assert authorize.external_reference == payout.hold_reference
