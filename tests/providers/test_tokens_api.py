import pytest
from rest_framework.test import APIClient

from api import scopes
from providers.models import BearerToken

pytestmark = pytest.mark.django_db


def test_api_key_issues_a_narrowed_token_that_authenticates(provider):
    response = provider.client.post(
        provider.url("/tokens"),
        {"scopes": [scopes.PARTICIPANTS_READ], "ttlSeconds": 120},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert body["scopes"] == [scopes.PARTICIPANTS_READ]
    assert body["token"].startswith("pst_") and body["expiresOn"]
    assert body["token"] not in BearerToken.objects.get().token_hash
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {body['token']}")
    assert client.get(provider.url("/participants")).status_code == 200
    denied = client.post(
        provider.url("/participants"), {}, format="json", HTTP_X_IDEMPOTENCY_KEY="k"
    )
    assert denied.status_code == 403


def test_token_cannot_exceed_the_key(provider):
    client = provider.client_with_scopes(scopes.PARTICIPANTS_READ)
    response = client.post(
        provider.url("/tokens"),
        {"scopes": [scopes.PARTICIPANTS_READ, scopes.PAYMENTS_READ]},
        format="json",
    )
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "/scopes"
    assert BearerToken.objects.count() == 0


def test_token_cannot_issue_tokens(provider):
    issued = provider.client.post(provider.url("/tokens"), {}, format="json").json()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued['token']}")
    assert client.post(provider.url("/tokens"), {}, format="json").status_code == 403


@pytest.mark.parametrize(
    "body",
    [{"scopes": []}, {"scopes": ["everything"]}, {"ttlSeconds": 0}, {"ttlSeconds": 10**9}],
)
def test_bad_token_requests_are_422(provider, body):
    response = provider.client.post(provider.url("/tokens"), body, format="json")
    assert response.status_code == 422


def test_tokens_for_another_provider_are_403(provider, other_provider):
    assert other_provider.client.post(provider.url("/tokens"), {}, format="json").status_code == 403
