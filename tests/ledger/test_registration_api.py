"""PUT and GET …/providers/{providerID}/ledger: a provider registers its callback URLs and
its key, and rotates the key, over the API; the key is never answered."""

import pytest

from ledger import codec, keys
from ledger.models import LedgerRegistration, LedgerRegistrationChange
from tests.problems import assert_not_found

pytestmark = pytest.mark.django_db

URLS = {
    "authorizeURL": "https://ledger.example.com/authorize",
    "releaseURL": "https://ledger.example.com/release",
    "captureURL": "https://ledger.example.com/capture",
}
NO_LEDGER = "No ledger is registered for this provider."


def put(ctx, body, key="l-1", client=None):
    return (client or ctx.client).put(
        ctx.url("/ledger"), body, format="json", HTTP_X_IDEMPOTENCY_KEY=key
    )


def new_jwk() -> tuple[dict, str]:
    key = keys.generate()
    return keys.as_jwk(key), keys.fingerprint(key)


def test_the_first_registration_is_201_and_never_answers_the_key(provider):
    jwk, kid = new_jwk()
    response = put(provider, {**URLS, "key": jwk})
    assert response.status_code == 201, response.content
    body = response.json()
    assert {k: body[k] for k in URLS} == URLS
    assert body["providerID"] == provider.id
    assert body["key"] == {"kty": "oct", "alg": "A256KW", "kid": kid, "setOn": body["key"]["setOn"]}
    assert "previousKey" not in body
    assert jwk["k"] not in response.content.decode()
    assert provider.client.get(provider.url("/ledger")).json() == body
    registration = LedgerRegistration.objects.get(provider_id=provider.id)
    assert keys.fingerprint(registration.key()) == kid
    [change] = LedgerRegistrationChange.objects.all()
    assert change.action == "create" and change.actor.kind == "application"
    assert change.after["key_id"] == kid and jwk["k"] not in str(change.after)


def test_urls_change_and_the_key_stays_when_none_is_sent(provider):
    jwk, kid = new_jwk()
    put(provider, {**URLS, "key": jwk})
    moved = {**URLS, "captureURL": "https://ledger.example.com/settle"}
    response = put(provider, moved, key="l-2")
    assert response.status_code == 200, response.content
    assert response.json()["captureURL"] == "https://ledger.example.com/settle"
    assert response.json()["key"]["kid"] == kid
    assert "previousKey" not in response.json()


def test_a_new_key_keeps_the_previous_for_the_overlap(provider, settings):
    settings.LEDGER_PREVIOUS_KEY_OVERLAP_HOURS = 6
    first, old_kid = new_jwk()
    put(provider, {**URLS, "key": first})
    second, new_kid = new_jwk()
    body = put(provider, {**URLS, "key": second}, key="l-2").json()
    assert body["key"]["kid"] == new_kid
    assert body["previousKey"]["kid"] == old_kid
    registration = LedgerRegistration.objects.get(provider_id=provider.id)
    overlap = registration.previous_key_expires_on - registration.key_set_on
    assert overlap.total_seconds() == 6 * 3600
    # The current key sent again is no rotation: the overlap is not restarted.
    again = put(provider, {**URLS, "key": second}, key="l-3").json()
    assert again["previousKey"] == body["previousKey"]


def test_read_before_any_registration_is_404(provider, other_provider):
    assert_not_found(provider.client.get(provider.url("/ledger")), NO_LEDGER)
    put(provider, {**URLS, "key": new_jwk()[0]})
    # Each provider reads only its own registration.
    assert_not_found(other_provider.client.get(other_provider.url("/ledger")), NO_LEDGER)


def test_another_providers_path_is_403(provider, other_provider):
    response = put(other_provider, {**URLS, "key": new_jwk()[0]}, client=other_provider.client)
    assert response.status_code == 201
    foreign = other_provider.client.put(
        provider.url("/ledger"), URLS, format="json", HTTP_X_IDEMPOTENCY_KEY="x"
    )
    assert foreign.status_code == 403
    assert other_provider.client.get(provider.url("/ledger")).status_code == 403
    assert not LedgerRegistration.objects.filter(provider_id=provider.id).exists()


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        (URLS, "/key"),
        ({**URLS, "authorizeURL": "http://ledger.example.com/a"}, "/authorizeURL"),
        ({**URLS, "releaseURL": "https://10.0.0.8/release"}, "/releaseURL"),
        ({**URLS, "releaseURL": "https://169.254.169.254/latest"}, "/releaseURL"),
        ({**URLS, "captureURL": "https://localhost/capture"}, "/captureURL"),
        ({**URLS, "captureURL": "https://2130706433/capture"}, "/captureURL"),
        ({**URLS, "captureURL": "https://[::ffff:127.0.0.1]/capture"}, "/captureURL"),
        ({**URLS, "captureURL": "https://user:pw@ledger.example.com/c"}, "/captureURL"),
        ({k: v for k, v in URLS.items() if k != "releaseURL"}, "/releaseURL"),
        ({**URLS, "key": {"kty": "RSA", "k": "x" * 43}}, "/key/kty"),
        ({**URLS, "key": {"kty": "oct", "k": "short"}}, "/key/k"),
        ({**URLS, "key": {"kty": "oct", "k": "A" * 42 + "="}}, "/key/k"),
        ({**URLS, "key": {"kty": "oct", "k": "A" * 43, "alg": "A128KW"}}, "/key/alg"),
    ],
)
def test_validation_is_422_invalid_request(provider, body, pointer):
    response = put(provider, body)
    assert response.status_code == 422, response.content
    problem = response.json()
    assert problem["type"].endswith("/errors#invalid-request")
    assert pointer in [e["pointer"] for e in problem["errors"]]
    assert not LedgerRegistration.objects.exists()


def test_private_addresses_are_allowed_when_configured(provider, settings):
    settings.LEDGER_ALLOW_PRIVATE_ADDRESSES = True
    body = {**URLS, "releaseURL": "https://10.0.0.8/release", "key": new_jwk()[0]}
    assert put(provider, body).status_code == 201


def test_replay_returns_the_original_answer(provider):
    body = {**URLS, "key": new_jwk()[0]}
    first = put(provider, body, key="same")
    second = put(provider, body, key="same")
    assert second.status_code == 201
    assert second.content == first.content
    assert second["Idempotent-Replayed"] == "true"
    assert LedgerRegistrationChange.objects.count() == 1
    other = put(provider, {**body, "key": new_jwk()[0]}, key="same")
    assert other.status_code == 409
    assert other.json()["type"].endswith("/errors#idempotency-key-reused")


def test_without_a_key_header_is_400(provider):
    response = provider.client.put(provider.url("/ledger"), URLS, format="json")
    assert response.status_code == 400
    assert response.json()["type"].endswith("/errors#invalid-request")


def test_scopes(provider):
    reader = provider.client_with_scopes("ledger.read")
    assert put(provider, {**URLS, "key": new_jwk()[0]}, client=reader).status_code == 403
    writer = provider.client_with_scopes("ledger.write")
    assert writer.get(provider.url("/ledger")).status_code == 403


def test_the_stored_key_opens_what_the_provider_seals(provider):
    jwk, _ = new_jwk()
    put(provider, {**URLS, "key": jwk})
    token = codec.seal(typ="authorize", service={"x": 1}, key=keys.parse(jwk))
    stored = LedgerRegistration.objects.get(provider_id=provider.id).key()
    assert codec.decrypt(token, stored, typ="authorize")["service"] == {"x": 1}
