"""Rules every provider route follows, checked over the URL configuration so a new route is
covered the day it is added: authentication (401), scopes (403), the idempotency header on
every idempotent write (400), paths without a version segment, problem details in every
version, and empty lists answered 200."""

import json
import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from rest_framework.test import APIClient

from api import idempotency, scopes
from api.models import IdempotencyRecord
from api.problems import NO_RESOURCE
from providers import services
from tests.participants.factories import create_participant
from tests.problems import NO_PARTICIPANT, assert_not_found
from tests.routes import fill, provider_operations, provider_routes, provider_views
from tests.tenancy.cases import CASES

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"
ROUTES = provider_routes()
# Ours, not the contract's: minting a token takes an API key, never a token or a scope.
TOKENS = "providers/<str:providerID>/tokens"
CONTRACT_ROUTES = [(route, method) for route, method in ROUTES if route != TOKENS]
VIEWS = provider_views()
OPERATIONS = provider_operations()


def _scopes(route: str, method: str) -> tuple[str, ...]:
    view = OPERATIONS[(route, method)]
    return view.required_scopes.get(view.operation_name(method.upper()), ())


SCOPED = [(route, method) for route, method in ROUTES if _scopes(route, method)]
IDEMPOTENT = [
    (route, method)
    for route, method in ROUTES
    if OPERATIONS[(route, method)].idempotency_of(method.upper()) == "required"
]


def _call(client, ctx, route: str, method: str, **headers):
    """The route with the caller's providerID and path values that name nothing."""
    path = fill(route, {"providerID": ctx.id, **CASES[route].missing})
    body = CASES[route].bodies.get(method)
    return getattr(client, method)(path, body, format="json", **headers)


def _problem(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["status"] == status
    assert body["type"].endswith(f"/errors#{code}") if code else body["type"] == "about:blank"
    return body


def _token_client(ctx) -> APIClient:
    issued = services.issue_token(provider=ctx.provider)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued.value}")
    return client


def test_the_route_lists_are_not_empty():
    assert CONTRACT_ROUTES and SCOPED and IDEMPOTENT


@pytest.mark.parametrize(("route", "method"), ROUTES)
def test_without_credentials_every_route_is_401(provider, route, method):
    response = _call(APIClient(), provider, route, method, HTTP_X_IDEMPOTENCY_KEY="k")
    body = _problem(response, 401)
    assert body["title"] == "Unauthorized"
    assert "Basic" in response["WWW-Authenticate"] and "Bearer" in response["WWW-Authenticate"]


@pytest.mark.parametrize(("route", "method"), CONTRACT_ROUTES)
def test_every_contract_route_accepts_an_api_key_and_a_bearer_token(provider, route, method):
    for client in (provider.client, _token_client(provider)):
        response = _call(client, provider, route, method, HTTP_X_IDEMPOTENCY_KEY="k")
        assert response.status_code not in (401, 403), response.content


@pytest.mark.parametrize(("route", "method"), SCOPED)
def test_a_credential_without_the_route_scope_is_403(provider, route, method):
    needed = _scopes(route, method)
    for scope in needed:
        others = [name for name in scopes.ALL_SCOPES if name != scope]
        response = _call(
            provider.client_with_scopes(*others),
            provider,
            route,
            method,
            HTTP_X_IDEMPOTENCY_KEY="k",
        )
        assert scope in _problem(response, 403)["detail"]


@pytest.mark.parametrize(("route", "method"), IDEMPOTENT)
@pytest.mark.parametrize("key", [None, "", "k" * 256])
def test_every_idempotent_write_requires_a_well_formed_key(provider, route, method, key):
    headers = {} if key is None else {"HTTP_X_IDEMPOTENCY_KEY": key}
    # The path names nothing: the header is checked before the lookup (400, not 404).
    response = _call(provider.client, provider, route, method, **headers)
    body = _problem(response, 400, "invalid-request")
    assert "X-Idempotency-Key" in body["detail"]


@pytest.mark.parametrize(("route", "method"), IDEMPOTENT)
def test_every_idempotent_write_answers_the_idempotency_conflicts(provider, route, method):
    path = fill(route, {"providerID": provider.id, **CASES[route].missing})
    body = CASES[route].bodies.get(method) or {}
    fingerprint = idempotency.fingerprint(method.upper(), path, json.dumps(body).encode())
    now = timezone.now()
    done = {"state": IdempotencyRecord.State.COMPLETED, "completed_on": now}
    done |= {"expires_on": now + timedelta(hours=1), "response_status": 201}
    records = {
        "running": {"fingerprint": fingerprint},
        "used": {"fingerprint": "another request", **done, "response_body": b"{}"},
        "done": {"fingerprint": fingerprint, **done, "response_body": b'{"replayed":true}'},
    }
    for key, fields in records.items():
        IdempotencyRecord.objects.create(provider_id=provider.id, key=key, created_on=now, **fields)

    def send(key):
        return getattr(provider.client, method)(
            path, body, format="json", HTTP_X_IDEMPOTENCY_KEY=key
        )

    _problem(send("running"), 409, "idempotency-request-in-progress")
    _problem(send("used"), 409, "idempotency-key-reused")
    replay = send("done")  # the same key and body: the stored answer, not a new operation
    assert (replay.status_code, replay.content) == (201, b'{"replayed":true}')
    assert replay["X-Idempotency-Key"] == "done"


WITH_PATH_VALUES = [(route, method) for route, method in ROUTES if CASES[route].missing]


@pytest.mark.parametrize(("route", "method"), WITH_PATH_VALUES)
def test_a_nul_character_in_a_path_value_is_a_missing_resource(provider, route, method):
    """PostgreSQL cannot compare text holding NUL: such a value names nothing (404), never 500."""
    provider.client.raise_request_exception = False
    for name in CASES[route].missing:
        values = {"providerID": provider.id, **CASES[route].missing, name: "usr_\x00_user"}
        path = fill(route, values).replace("\x00", "%00")
        body = CASES[route].bodies.get(method)
        response = getattr(provider.client, method)(
            path, body, format="json", HTTP_X_IDEMPOTENCY_KEY=f"nul-{name}"
        )
        assert_not_found(response, NO_RESOURCE)


GETS = [(route, method) for route, method in ROUTES if method == "get"]


@pytest.mark.parametrize(("route", "method"), GETS)
def test_a_nul_character_in_a_query_value_is_a_validation_failure(provider, route, method):
    """PostgreSQL cannot compare text holding NUL: such a query value is 422, never 500."""
    provider.client.raise_request_exception = False
    path = fill(route, {"providerID": provider.id, **CASES[route].missing})
    for query in ({"q": "ada\x00"}, {"participantID": "\x00"}, {"any\x00name": "x"}):
        body = _problem(provider.client.get(path, query), 422, "invalid-request")
        assert "NUL" in body["detail"]


def test_paths_carry_no_version_segment():
    for route in VIEWS:
        segments = route.split("/")
        assert not [s for s in segments if re.fullmatch(r"v\d.*", s)], route


@pytest.mark.parametrize("version", settings.SERVICE_VERSIONS)
def test_errors_are_problem_details_in_every_version(provider, version):
    client = provider.client
    headers = {"HTTP_X_SERVICE_VERSION": version}
    missing = client.get(provider.url("/participants/nobody"), **headers)
    assert_not_found(missing, NO_PARTICIPANT)
    invalid = client.post(
        provider.url("/participants"), {}, format="json", HTTP_X_IDEMPOTENCY_KEY="v", **headers
    )
    assert _problem(invalid, 422, "invalid-request")["errors"]
    cursor = client.get(provider.url("/participants"), {"cursor": "x"}, **headers)
    _problem(cursor, 400, "invalid-cursor")
    unauthenticated = APIClient().get(provider.url("/participants"), **headers)
    _problem(unauthenticated, 401)


@pytest.mark.parametrize(
    ("suffix", "key"),
    [
        ("/participants", "participants"),
        ("/participants/{p}/funding-sources", "fundingSources"),
        ("/participants/{p}/payments", "payments"),
        ("/payments", "payments"),
    ],
)
def test_empty_results_are_200_with_an_empty_list(provider, suffix, key):
    participant = create_participant(provider)["participantID"] if "{p}" in suffix else ""
    response = provider.client.get(provider.url(suffix.format(p=participant)))
    assert response.status_code == 200
    assert response.json() == {key: [], "hasMore": False}
