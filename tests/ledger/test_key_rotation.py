"""A key rotated over the API, with real JWE on both sides: calls are sealed with the new key
at once; the ledger's answers under the previous key are accepted until the overlap ends,
and refused after it."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from ledger import codec, keys
from tests.ledger.fake_provider import Reply
from tests.ledger.test_client_responses import run_authorize

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def local_ledger(settings):
    settings.LEDGER_REQUIRE_HTTPS = False
    settings.LEDGER_ALLOW_PRIVATE_ADDRESSES = True  # the stand-in ledger listens on loopback
    settings.LEDGER_PREVIOUS_KEY_OVERLAP_HOURS = 24
    settings.LEDGER_RETRY_BASE_MS = 10
    settings.LEDGER_RETRY_MAX_MS = 50


def rotate(provider, fake) -> object:
    new_key = keys.generate()
    response = provider.client.put(
        provider.url("/ledger"),
        {
            "authorizeURL": fake.urls()["authorize_url"],
            "releaseURL": fake.urls()["release_url"],
            "captureURL": fake.urls()["capture_url"],
            "key": keys.as_jwk(new_key),
        },
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="rotate",
    )
    assert response.status_code == 200, response.content
    assert response.json()["previousKey"]["kid"] == keys.fingerprint(fake.key)
    return new_key


def ledger_side(fake, *, opens_with, answers_with, seen: list):
    """The provider's ledger: opens each call with `opens_with` (recording which of its keys
    it needed) and seals its approval with `answers_with`."""

    def respond(path, body):
        token = codec.open_envelope(body, "request")
        for name, key in opens_with.items():
            try:
                claims = codec.decrypt(token, key, typ="authorize")
            except codec.InvalidToken:
                continue
            seen.append(name)
            break
        else:
            return Reply(400)
        service = {
            "outcome": "approved",
            "holdReference": "H-1",
            "idempotencyKey": claims["service"]["idempotencyKey"],
        }
        return Reply.json(
            {"response": codec.seal(typ="authorize", service=service, key=answers_with)}
        )

    return respond


def test_calls_use_the_new_key_and_old_key_answers_pass_until_the_overlap_ends(
    fake_provider, provider, deliver, received
):
    old_key = fake_provider.key
    new_key = rotate(provider, fake_provider)
    seen: list[str] = []
    both = {"old": old_key, "new": new_key}

    # A ledger instance still sealing its answers with the old key.
    fake_provider.respond = ledger_side(
        fake_provider, opens_with=both, answers_with=old_key, seen=seen
    )
    run_authorize(deliver, provider, "po_rot_1")
    assert received[-1]["outcome"] == "approved"
    # One already moved over.
    fake_provider.respond = ledger_side(
        fake_provider, opens_with=both, answers_with=new_key, seen=seen
    )
    run_authorize(deliver, provider, "po_rot_2")
    assert received[-1]["outcome"] == "approved"
    # Every call after the rotation was sealed with the new key, none with the old.
    assert seen == ["new", "new"]

    with time_machine.travel(timezone.now() + timedelta(hours=25), tick=False):
        fake_provider.respond = ledger_side(
            fake_provider, opens_with=both, answers_with=old_key, seen=seen
        )
        run_authorize(deliver, provider, "po_rot_3")
        assert received[-1]["outcome"] == "error"
        assert received[-1]["failureCode"] == "ledger_bad_response"
        fake_provider.respond = ledger_side(
            fake_provider, opens_with=both, answers_with=new_key, seen=seen
        )
        run_authorize(deliver, provider, "po_rot_4")
        assert received[-1]["outcome"] == "approved"
        read = provider.client.get(provider.url("/ledger")).json()
        assert "previousKey" not in read


def test_a_key_never_registered_is_refused_during_the_overlap(
    fake_provider, provider, deliver, received
):
    new_key = rotate(provider, fake_provider)
    seen: list[str] = []
    fake_provider.respond = ledger_side(
        fake_provider, opens_with={"new": new_key}, answers_with=keys.generate(), seen=seen
    )
    run_authorize(deliver, provider, "po_rot_5")
    assert received[-1]["failureCode"] == "ledger_bad_response"
