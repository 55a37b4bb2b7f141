"""What the client does with each kind of answer, against a scripted provider on a real socket;
and an interop round trip where the provider side is written with joserfc, not jwcrypto."""

import json
import time

import pytest
from joserfc import jwe as rfc_jwe
from joserfc.jwk import OctKey
from jwcrypto import jwe, jwk

from ledger import codec, keys, selectors, services
from ledger.tasks import deliver_call
from tests.ledger.fake_provider import Reply
from tests.ledger.outcomes import REPLY_TO


@pytest.fixture(autouse=True)
def fast_retries(settings):
    settings.LEDGER_RETRY_BASE_MS = 10
    settings.LEDGER_RETRY_MAX_MS = 50
    settings.LEDGER_MAX_ATTEMPTS = 4


def request_of(fake, body: bytes) -> dict:
    return codec.decrypt(codec.open_envelope(body, "request"), fake.key, typ="authorize")


def answering(fake, make_service, *, typ="authorize", key=None, status=200):
    """A responder that answers each request with the claims `make_service(request_service)`."""

    def respond(path, body):
        service = make_service(request_of(fake, body)["service"])
        token = codec.seal(typ=typ, service=service, key=key or fake.key)
        return Reply.json({"response": token}, status=status)

    return respond


def approve(request_service):
    return {
        "outcome": "approved",
        "holdReference": "H-1",
        "idempotencyKey": request_service["idempotencyKey"],
    }


def run_authorize(deliver, provider, payout_id="po_1"):
    deliver(
        services.request_authorize,
        provider_id=provider.id,
        payout_id=payout_id,
        external_id="cust-1",
        funding_source="acct-1",
        amount_minor=1000,
        currency="USD",
        fraud_score=0.5,
        reply_to=REPLY_TO,
    )


def test_a_good_answer(fake_provider, provider, deliver, received):
    fake_provider.respond = answering(fake_provider, approve)
    run_authorize(deliver, provider)
    [outcome] = received
    assert (outcome["outcome"], outcome["reference"], outcome["attempts"]) == ("approved", "H-1", 1)
    path, _ = fake_provider.requests[0]
    assert path == "/ledger/authorize"


def test_a_mismatched_idempotency_key_is_rejected(fake_provider, provider, deliver, received):
    fake_provider.respond = answering(
        fake_provider, lambda s: {**approve(s), "idempotencyKey": "po_other:authorize"}
    )
    run_authorize(deliver, provider)
    [outcome] = received
    assert outcome["outcome"] == "error" and outcome["failureCode"] == "ledger_bad_response"
    assert outcome["reference"] is None and outcome["attempts"] == 1
    assert "does not match" in selectors.attempts_for_payout("po_1")[0].error


def test_an_outcome_outside_the_contract_is_unknown_and_its_reason_dropped(
    fake_provider, provider, deliver, received
):
    fake_provider.respond = answering(
        fake_provider,
        lambda s: {
            "outcome": "pending",
            "reason": "internal",
            "idempotencyKey": s["idempotencyKey"],
        },
    )
    run_authorize(deliver, provider)
    [outcome] = received
    assert outcome["outcome"] == "unknown"
    assert outcome["failureCode"] == "ledger_unknown_outcome"
    assert outcome["reason"] is None and outcome["reference"] is None
    assert outcome["attempts"] == 1  # the same key would only repeat it


def test_a_response_under_another_key_is_rejected(fake_provider, provider, deliver, received):
    fake_provider.respond = answering(fake_provider, approve, key=keys.generate())
    run_authorize(deliver, provider)
    assert received[0]["failureCode"] == "ledger_bad_response"


def test_an_expired_response_is_rejected(fake_provider, provider, deliver, received):
    def respond(path, body):
        service = approve(request_of(fake_provider, body)["service"])
        stale = int(time.time()) - 3600
        token = codec.seal(typ="authorize", service=service, key=fake_provider.key, now=stale)
        return Reply.json({"response": token})

    fake_provider.respond = respond
    run_authorize(deliver, provider)
    assert received[0]["failureCode"] == "ledger_bad_response"
    assert "expired" in selectors.attempts_for_payout("po_1")[0].error


def test_a_response_with_another_algorithm_is_rejected(fake_provider, provider, deliver, received):
    def respond(path, body):
        service = approve(request_of(fake_provider, body)["service"])
        now = int(time.time())
        claims = {"iat": now, "exp": now + 60, "service": service}
        token = jwe.JWE(
            plaintext=json.dumps(claims).encode(), protected={"alg": "A128KW", "enc": "A256GCM"}
        )
        token.add_recipient(jwk.JWK.generate(kty="oct", size=128))
        return Reply.json({"response": token.serialize(compact=True)})

    fake_provider.respond = respond
    run_authorize(deliver, provider)
    assert received[0]["failureCode"] == "ledger_bad_response"
    assert "A128KW" in selectors.attempts_for_payout("po_1")[0].error


def test_response_typ_may_be_absent_but_not_wrong(fake_provider, provider, deliver, received):
    def respond(path, body):
        service = approve(request_of(fake_provider, body)["service"])
        now = int(time.time())
        return Reply.json(
            {
                "response": codec.encrypt(
                    {"iat": now, "exp": now + 60, "service": service}, fake_provider.key
                )
            }
        )

    fake_provider.respond = respond
    run_authorize(deliver, provider, "po_1")
    fake_provider.respond = answering(fake_provider, approve, typ="release")
    run_authorize(deliver, provider, "po_2")
    assert [o["outcome"] for o in received] == ["approved", "error"]


@pytest.mark.parametrize(
    "reply",
    [
        Reply(200, b"<html>ok</html>", {"Content-Type": "text/html"}),
        Reply.json({"request": "a.b.c.d.e"}),
        Reply.json({"response": "a.b.c.d.e", "status": "ok"}),
        Reply(200, b'{"response": "' + b"A" * 200_000 + b'"}'),
    ],
)
def test_a_200_that_is_not_a_response_envelope_is_rejected(
    fake_provider, provider, deliver, received, reply
):
    fake_provider.respond = lambda path, body: reply
    run_authorize(deliver, provider)
    assert received[0]["failureCode"] == "ledger_bad_response"
    assert received[0]["attempts"] == 1


@pytest.mark.parametrize("status", [201, 204, 302, 400, 404, 410])
def test_other_statuses_are_terminal(fake_provider, provider, deliver, received, status):
    fake_provider.respond = lambda path, body: Reply(status, b"", {"Location": "/elsewhere"})
    run_authorize(deliver, provider)
    assert received[0]["failureCode"] == "ledger_rejected"
    assert received[0]["httpStatus"] == status
    assert len(fake_provider.requests) == 1  # no retry, no redirect followed


def test_retry_after_sets_the_countdown(fake_provider, provider, deliver, received, monkeypatch):
    countdowns = []
    original = deliver_call.apply_async

    def spy(*args, **kwargs):
        countdowns.append(kwargs.get("countdown"))
        return original(*args, **kwargs)

    monkeypatch.setattr(deliver_call, "apply_async", spy)
    replies = iter([Reply(429, b"", {"Retry-After": "3"}), Reply(503, b"")])

    def respond(path, body):
        return next(replies, None) or answering(fake_provider, approve)(path, body)

    fake_provider.respond = respond
    run_authorize(deliver, provider)
    assert received[0]["outcome"] == "approved" and received[0]["attempts"] == 3
    # First enqueue has no countdown; then Retry-After (3 s) and a jittered backoff (<= 20 ms).
    assert countdowns[0] is None
    assert countdowns[1] >= 3.0
    assert 0.005 <= countdowns[2] <= 0.02
    log = selectors.attempts_for_payout("po_1")
    assert [a.retry_in_ms for a in log] == [pytest.approx(3000, abs=1), log[1].retry_in_ms, None]


def test_a_read_timeout_is_retried(fake_provider, provider, deliver, received, settings):
    settings.LEDGER_READ_TIMEOUT_MS = 200
    calls = []

    def respond(path, body):
        calls.append(path)
        if len(calls) == 1:
            time.sleep(0.5)
        return answering(fake_provider, approve)(path, body)

    fake_provider.respond = respond
    run_authorize(deliver, provider)
    assert received[0]["outcome"] == "approved" and received[0]["attempts"] == 2
    first = selectors.attempts_for_payout("po_1")[0]
    assert first.outcome == "retry" and first.http_status is None
    assert "Timeout" in first.error or "timed out" in first.error


def test_interop_provider_side_written_with_joserfc(fake_provider, provider, deliver, received):
    """The provider decrypts our request and encrypts its answer with joserfc: the wire format
    is the standard one, not a jwcrypto dialect."""
    their_key = OctKey.import_key(keys.as_jwk(fake_provider.key))
    seen = {}

    def respond(path, body):
        envelope = json.loads(body)
        assert set(envelope) == {"request"}
        opened = rfc_jwe.decrypt_compact(
            envelope["request"], their_key, algorithms=["A256KW", "A256GCM"]
        )
        seen["header"] = dict(opened.protected)
        claims = json.loads(opened.plaintext)
        seen["claims"] = claims
        now = int(time.time())
        answer = {
            "typ": claims["typ"],
            "iat": now,
            "exp": now + 120,
            "service": {
                "outcome": "approved",
                "holdReference": "JOSERFC-HOLD-7",
                "idempotencyKey": claims["service"]["idempotencyKey"],
            },
        }
        header = {"alg": "A256KW", "enc": "A256GCM", "typ": "JWT", "cty": "JWT"}
        token = rfc_jwe.encrypt_compact(header, json.dumps(answer).encode(), their_key)
        return Reply.json({"response": token})

    fake_provider.respond = respond
    run_authorize(deliver, provider)
    assert seen["header"] == {"alg": "A256KW", "enc": "A256GCM", "typ": "JWT", "cty": "JWT"}
    claims = seen["claims"]
    assert claims["typ"] == "authorize"
    assert isinstance(claims["iat"], int) and isinstance(claims["exp"], int)
    assert claims["exp"] - claims["iat"] == 300
    assert claims["service"]["payoutID"] == "po_1"
    assert claims["service"]["fraudScore"] == 0.5
    assert claims["service"]["amount"] == {
        "value": "10.00",
        "currency": {"code": "USD", "decimalPlaces": 2},
    }
    [outcome] = received
    assert (outcome["outcome"], outcome["reference"]) == ("approved", "JOSERFC-HOLD-7")
