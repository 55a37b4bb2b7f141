"""Tenancy matrix over every provider route of the URL configuration.

For each route and method, a second provider
- naming the first provider in the path gets 403 (a foreign providerID);
- naming the first provider's real resources under its own providerID gets exactly the answer
  for a resource that does not exist (404, the same problem body apart from `instance`);
and neither call changes anything in the database.
"""

import itertools

import pytest
from django.apps import apps

from tests.routes import fill, provider_routes
from tests.tenancy.cases import CASES

pytestmark = pytest.mark.django_db

_keys = itertools.count()


ROUTES = provider_routes()


def _call(ctx, method: str, path: str, body):
    return getattr(ctx.client, method)(
        path, body, format="json", HTTP_X_IDEMPOTENCY_KEY=f"tenancy-{next(_keys)}"
    )


# Columns that record use, not state: authenticating touches them by design.
_USAGE_COLUMNS = {("providers", "apikey"): {"last_used_on"}}


def snapshot() -> dict:
    state = {}
    for model in apps.get_models():
        meta = model._meta
        if not model.objects.exists():
            continue
        skip = _USAGE_COLUMNS.get((meta.app_label, meta.model_name), set())
        rows = [
            {k: v for k, v in row.items() if k not in skip}
            for row in model.objects.order_by("pk").values()
        ]
        state[meta.label] = rows
    return state


def _without_instance(body: dict) -> dict:
    return {k: v for k, v in body.items() if k != "instance"}


def test_every_provider_route_has_a_tenancy_case():
    uncovered = sorted({route for route, _ in ROUTES} - set(CASES))
    assert not uncovered, f"add tenancy cases for: {uncovered}"


def test_the_matrix_is_not_empty():
    assert len(ROUTES) >= len(CASES) > 0


@pytest.mark.parametrize(("route", "method"), ROUTES)
def test_second_provider_gets_403_or_the_missing_answer_and_changes_nothing(
    provider, other_provider, route, method
):
    case = CASES[route]
    owned = case.owned(provider) if case.owned else {}
    body = case.bodies.get(method)
    before = snapshot()

    foreign_provider = _call(
        other_provider, method, fill(route, {"providerID": provider.id, **owned}), body
    )
    assert foreign_provider.status_code == 403, foreign_provider.content
    assert foreign_provider["Content-Type"] == "application/problem+json"

    if case.owned:
        foreign = _call(
            other_provider, method, fill(route, {"providerID": other_provider.id, **owned}), body
        )
        missing = _call(
            other_provider,
            method,
            fill(route, {"providerID": other_provider.id, **case.missing}),
            body,
        )
        assert missing.status_code == 404, missing.content
        assert foreign.status_code == 404, foreign.content
        assert _without_instance(foreign.json()) == _without_instance(missing.json())

    assert snapshot() == before
