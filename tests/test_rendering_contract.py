"""Every read endpoint's body matches its schema serializer exactly: the plain render
functions and the serializers that document them cannot drift apart (every GET route of the
provider API, populated, validated strictly against the generated OpenAPI document)."""

import pytest

from ledger.services import register_ledger
from participants.selectors import get_enrollment
from tests.participants.factories import participant_payload
from tests.payments.factories import make_payment
from tests.risk.factories import assessment
from tests.routes import fill, openapi_path, provider_routes
from tests.schema import assert_matches_response
from tests.tenancy.cases import CASES

GET_ROUTES = [route for route, method in provider_routes() if method == "get"]
P = "providers/<str:providerID>/participants/<str:participantID>"
LEDGER_URLS = {
    "authorize_url": "https://ledger.example.com/a",
    "release_url": "https://ledger.example.com/r",
    "capture_url": "https://ledger.example.com/c",
}


def _payment_of(provider, values):
    make_payment(get_enrollment(provider.id, values["participantID"]))


def _assessment_of(provider, values):
    assessment(provider_id=provider.id, participant_id=values["participantID"])


def _ledger_of(provider, values):
    register_ledger(provider_id=provider.id, generate_key=True, **LEDGER_URLS)
    # A rotation, so the read shows the previous key too.
    register_ledger(provider_id=provider.id, generate_key=True, **LEDGER_URLS)


# Participant-scoped lists: rows of that participant, so the page is not empty; the ledger's
# read: a registration.
ROWS_FOR = {
    f"{P}/payments": _payment_of,
    f"{P}/risk-assessments": _assessment_of,
    "providers/<str:providerID>/ledger": _ledger_of,
}


@pytest.mark.parametrize("route", GET_ROUTES)
def test_the_body_matches_the_documented_schema(provider, route):
    case = CASES[route]
    if case.owned:
        values = case.owned(provider)
    else:
        # A list: make one of everything, so the page renders rows, not an empty array.
        values = {}
        makers = {m for c in CASES.values() for m in (c.owned, c.queries) if m is not None}
        for make in sorted(makers, key=lambda fn: fn.__name__):
            make(provider)
    if route in ROWS_FOR:
        ROWS_FOR[route](provider, values)
    path = fill(route, {"providerID": provider.id, **values})
    response = provider.client.get(path)
    assert response.status_code == 200, response.content
    body = response.json()
    assert_matches_response(body, openapi_path(route))
    pages = (
        [value for value in body.values() if isinstance(value, list)] if "hasMore" in body else []
    )
    for rows in pages:
        assert rows, f"{route} rendered an empty page: nothing was checked"


def test_the_create_answers_match_their_schemas(provider):
    response = provider.client.post(
        provider.url("/participants"),
        participant_payload(emails=["ada@example.com"], dateOfBirth="1990-01-02"),
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="contract-create",
    )
    assert response.status_code == 201
    assert_matches_response(response.json(), "/providers/{providerID}/participants", "post", "201")
    token = provider.client.post(
        provider.url("/tokens"), {"scopes": ["participants.read"]}, format="json"
    )
    assert token.status_code == 201
    assert_matches_response(token.json(), "/providers/{providerID}/tokens", "post", "201")
