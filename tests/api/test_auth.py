import base64
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from rest_framework.test import APIClient

from api import scopes
from providers import services
from providers.models import ApiKey
from tests.conftest import basic_auth

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


def _assert_401(response):
    assert response.status_code == 401
    assert response["Content-Type"] == PROBLEM
    assert "Basic" in response["WWW-Authenticate"]
    assert "Bearer" in response["WWW-Authenticate"]
    body = response.json()
    assert body["type"] == "about:blank"
    assert body["status"] == 401
    assert body["title"] == "Unauthorized"


def test_missing_credentials_is_401_with_www_authenticate(provider):
    _assert_401(APIClient().get(provider.url("/participants")))


@pytest.mark.parametrize(
    "header",
    [
        "Basic !!!notbase64",
        "Basic " + base64.b64encode(b"no-colon").decode(),
        "Basic " + base64.b64encode(b"key_unknown:secret").decode(),
        "Basic " + base64.b64encode(b"key_\x00:secret").decode(),
        "Bearer",
        "Bearer pst_unknown",
        "Basic a b",
    ],
)
def test_invalid_credentials_are_401(provider, header):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    _assert_401(client.get(provider.url("/participants")))


def test_wrong_secret_is_401(provider):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=basic_auth(provider.key_id, provider.secret + "x"))
    _assert_401(client.get(provider.url("/participants")))


def test_only_a_hash_of_the_secret_is_stored(provider):
    key = ApiKey.objects.get(pk=provider.key_id)
    assert provider.secret not in key.secret_hash
    assert len(key.secret_hash) == 64


def test_revoked_key_is_401_and_its_tokens_stop_working(provider):
    key = ApiKey.objects.get(pk=provider.key_id)
    token = services.issue_token(provider=provider.provider, api_key=key)
    services.revoke_api_key(key_id=provider.key_id)
    _assert_401(provider.client.get(provider.url("/participants")))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token.value}")
    _assert_401(client.get(provider.url("/participants")))


def test_bearer_token_authenticates_until_it_expires(provider):
    issued = services.issue_token(provider=provider.provider, ttl_seconds=60)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued.value}")
    assert client.get(provider.url("/participants")).status_code == 200
    with time_machine.travel(timezone.now() + timedelta(seconds=61)):
        _assert_401(client.get(provider.url("/participants")))


def test_narrowed_token_cannot_exceed_its_key(provider):
    key = services.create_api_key(provider=provider.provider, scopes=[scopes.PARTICIPANTS_READ])
    from common.errors import InvalidRequest

    with pytest.raises(InvalidRequest):
        services.issue_token(
            provider=provider.provider,
            api_key=key.api_key,
            scopes=[scopes.PARTICIPANTS_READ, scopes.PARTICIPANTS_WRITE],
        )


def test_narrowed_token_missing_scope_is_403(provider):
    issued = services.issue_token(provider=provider.provider, scopes=[scopes.PAYMENTS_READ])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued.value}")
    response = client.get(provider.url("/participants"))
    assert response.status_code == 403
    assert response["Content-Type"] == PROBLEM
    assert "participants.read" in response.json()["detail"]


def test_key_missing_scope_is_403(provider):
    client = provider.client_with_scopes(scopes.PARTICIPANTS_READ)
    response = client.post(
        provider.url("/participants"), {}, format="json", HTTP_X_IDEMPOTENCY_KEY="k"
    )
    assert response.status_code == 403
    assert response.json()["type"] == "about:blank"


def test_foreign_provider_id_in_path_is_403(provider, other_provider):
    response = other_provider.client.get(provider.url("/participants"))
    assert response.status_code == 403
    assert response["Content-Type"] == PROBLEM


def test_malformed_provider_id_in_path_is_403(provider):
    response = provider.client.get("/providers/not-a-provider/participants")
    assert response.status_code == 403
