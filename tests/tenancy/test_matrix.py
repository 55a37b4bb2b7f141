"""Tenancy matrix over every provider route of the URL configuration.

For each route and method, a second provider, with an API key and with a bearer token,
- naming the first provider in the path gets 403 (a foreign providerID);
- naming the first provider's real resources under its own providerID gets exactly the answer
  for a resource that does not exist (404, the same problem body apart from `instance`), also
  when only one path value is the first provider's and the others name its own resources;
- filtering a list by the first provider's real IDs gets exactly the answer for IDs that name
  nothing;
and none of these calls changes anything in the database.
"""

import itertools

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from providers import services as provider_services
from tests.problems import assert_not_found, without_occurrence
from tests.routes import fill, provider_routes
from tests.tenancy.cases import CASES

pytestmark = pytest.mark.django_db

_keys = itertools.count()


ROUTES = provider_routes()


def _call(client, method: str, path: str, body):
    return getattr(client, method)(
        path, body, format="json", HTTP_X_IDEMPOTENCY_KEY=f"tenancy-{next(_keys)}"
    )


def _client(ctx, credential: str) -> APIClient:
    if credential == "api-key":
        return ctx.client
    issued = provider_services.issue_token(provider=ctx.provider)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued.value}")
    return client


# Columns that record use, not state: authenticating touches them by design.
_USAGE_COLUMNS = {("providers", "apikey"): {"last_used_on"}}


def snapshot() -> dict:
    state = {}
    for model in apps.get_models():
        meta = model._meta
        if not meta.managed or not model.objects.exists():  # unmanaged: no table of ours
            continue
        skip = _USAGE_COLUMNS.get((meta.app_label, meta.model_name), set())
        rows = [
            {k: v for k, v in row.items() if k not in skip}
            for row in model.objects.order_by("pk").values()
        ]
        state[meta.label] = rows
    return state


def _same_answer(foreign, missing, status: int) -> None:
    """The first provider's resource answers exactly as one that does not exist."""
    assert missing.status_code == status, missing.content
    assert foreign.status_code == status, foreign.content
    if status == 404:
        assert_not_found(missing)
    assert foreign["Content-Type"] == missing["Content-Type"]
    assert without_occurrence(foreign.json()) == without_occurrence(missing.json())


def test_every_provider_route_has_a_tenancy_case():
    uncovered = sorted({route for route, _ in ROUTES} - set(CASES))
    assert not uncovered, f"add tenancy cases for: {uncovered}"


def test_every_tenancy_case_names_a_route():
    stale = sorted(set(CASES) - {route for route, _ in ROUTES})
    assert not stale, f"tenancy cases for routes that no longer exist: {stale}"


def test_the_matrix_is_not_empty():
    assert len(ROUTES) >= len(CASES) > 0
    assert any(case.queries for case in CASES.values())


@pytest.mark.parametrize("credential", ["api-key", "token"])
@pytest.mark.parametrize(("route", "method"), ROUTES)
def test_second_provider_gets_403_or_the_missing_answer_and_changes_nothing(
    provider, other_provider, route, method, credential
):
    case = CASES[route]
    owned = case.owned(provider) if case.owned else {}
    filters = case.queries(provider) if case.queries and method == "get" else {}
    # The second provider's own resources of the same kinds, to mix with the first's.
    own = case.owned(other_provider) if case.owned and (len(owned) > 1 or filters) else {}
    body = case.bodies.get(method)
    client = _client(other_provider, credential)
    before = snapshot()

    foreign_provider = _call(
        client, method, fill(route, {"providerID": provider.id, **owned}), body
    )
    assert foreign_provider.status_code == 403, foreign_provider.content
    assert foreign_provider["Content-Type"] == "application/problem+json"

    def path(values: dict) -> str:
        return fill(route, {"providerID": other_provider.id, **values})

    if case.owned:
        _same_answer(
            _call(client, method, path(owned), body),
            _call(client, method, path(case.missing), body),
            404,
        )
        for name in own if len(own) > 1 else ():
            # One value the first provider's, the others naming the second's own resources.
            _same_answer(
                _call(client, method, path({**own, name: owned[name]}), body),
                _call(client, method, path({**own, name: case.missing[name]}), body),
                404,
            )

    if filters:
        # A list under the second provider's own path, filtered by the first's real IDs.
        for name, missing in case.missing_queries.items():
            _same_answer(
                _call(client, method, path(own), {name: filters[name]}),
                _call(client, method, path(own), {name: missing}),
                200,
            )

    assert snapshot() == before
