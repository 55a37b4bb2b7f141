import pytest
from django.urls import path
from rest_framework.response import Response

from api.problems import NO_ROUTE
from api.views import ProviderAPIView
from tests.participants.factories import participant_payload
from tests.problems import NO_PARTICIPANT, assert_not_found

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


class _Boom(ProviderAPIView):
    def get(self, request, providerID):
        raise RuntimeError("secret internals")


class _Ok(ProviderAPIView):
    def get(self, request, providerID):
        return Response({"ok": True})


urlpatterns = [
    path("providers/<str:providerID>/boom", _Boom.as_view()),
    path("providers/<str:providerID>/ok", _Ok.as_view()),
]


def test_unknown_route_is_404_problem(provider):
    response = provider.client.get("/nowhere")
    assert response.status_code == 404
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body.pop("requestID") == response["X-Request-ID"]
    assert body == {
        "type": "about:blank",
        "title": "Not Found",
        "status": 404,
        "detail": NO_ROUTE,
        "instance": "/nowhere",
    }


def test_missing_participant_is_404_problem(provider):
    response = provider.client.get(provider.url("/participants/usr_missing"))
    assert_not_found(response, NO_PARTICIPANT)


def test_a_missing_resource_and_a_path_no_endpoint_serves_say_which_they_are(provider):
    """Both are 404 problem documents; the detail tells them apart, so a missing-resource
    test (tests.problems.assert_not_found) fails once its route is gone."""
    missing = provider.client.get(provider.url("/participants/nobody/funding-sources"))
    assert_not_found(missing, NO_PARTICIPANT)
    unserved = provider.client.get(provider.url("/participants/nobody/no-such-thing"))
    assert unserved.status_code == 404 and unserved["Content-Type"] == PROBLEM
    assert unserved.json()["detail"] == NO_ROUTE
    with pytest.raises(AssertionError, match="no endpoint serves"):
        assert_not_found(unserved)


def test_wrong_method_is_405_problem(provider):
    response = provider.client.put(provider.url("/participants"), {}, format="json")
    assert response.status_code == 405
    assert response["Content-Type"] == PROBLEM
    assert response.json()["status"] == 405


@pytest.mark.urls("tests.api.test_problems")
def test_unhandled_error_is_500_problem_without_traceback(provider):
    provider.client.raise_request_exception = False
    response = provider.client.get(provider.url("/boom"))
    assert response.status_code == 500
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["type"] == "about:blank"
    assert "secret internals" not in response.content.decode()
    assert "Traceback" not in response.content.decode()


@pytest.mark.urls("tests.api.test_problems")
@pytest.mark.parametrize("version", ["v2026.07.00", "v2026.10.00"])
def test_supported_service_versions_are_accepted_and_echoed(provider, version):
    response = provider.client.get(provider.url("/ok"), HTTP_X_SERVICE_VERSION=version)
    assert response.status_code == 200
    assert response["X-Service-Version"] == version


@pytest.mark.urls("tests.api.test_problems")
def test_default_service_version_is_the_latest(provider):
    assert provider.client.get(provider.url("/ok"))["X-Service-Version"] == "v2026.10.00"


@pytest.mark.urls("tests.api.test_problems")
def test_default_service_version_follows_settings(provider, settings):
    settings.SERVICE_DEFAULT_VERSION = "v2026.07.00"
    assert provider.client.get(provider.url("/ok"))["X-Service-Version"] == "v2026.07.00"


@pytest.mark.parametrize("version", ["v2026.01.00", "2026.10.00", "latest", ""])
def test_unknown_service_version_is_400_problem(provider, version):
    response = provider.client.get(provider.url("/participants"), HTTP_X_SERVICE_VERSION=version)
    assert response.status_code == 400
    assert response["Content-Type"] == PROBLEM
    assert response.json()["type"].endswith("/errors#invalid-request")


def test_an_unknown_service_version_does_not_hide_missing_credentials(provider):
    from rest_framework.test import APIClient

    response = APIClient().get(provider.url("/participants"), HTTP_X_SERVICE_VERSION="latest")
    assert response.status_code == 401
    assert response.has_header("WWW-Authenticate")


def test_problem_type_uses_the_configured_base_url(provider, settings):
    settings.SERVICE_BASE_URL = "https://api.example.test"
    response = provider.client.post(
        provider.url("/participants"),
        participant_payload(givenName=""),
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="base-url",
    )
    assert response.json()["type"] == "https://api.example.test/errors#invalid-request"
    assert response.json()["title"] == "Invalid request"


def _problems(provider) -> list[dict]:
    """One problem of each kind the participants and payments routes answer."""
    client = provider.client
    ref = provider.client.post(
        provider.url("/participants"),
        participant_payload(externalID="dup"),
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="p-1",
    ).json()["participantID"]
    calls = [
        client.get(provider.url("/participants?limit=0")),
        client.get(provider.url("/payments?type=refund")),
        client.post(provider.url("/participants"), {}, format="json", HTTP_X_IDEMPOTENCY_KEY="p2"),
        client.get(provider.url("/participants?cursor=x")),
        client.get(provider.url("/participants/nobody")),
        client.get("/providers/prv_01ARZ3NDEKTSV4RRFFQ69G5FAV/participants"),
        client.put(provider.url("/participants"), {}, format="json"),
        client.post(
            provider.url("/participants"),
            participant_payload(externalID="dup"),
            format="json",
            HTTP_X_IDEMPOTENCY_KEY="p-3",
        ),
        client.post(
            provider.url(f"/participants/{ref}/suspensions"),
            {"reasonCode": "legal-hold", "expectedVersionID": "stale"},
            format="json",
            HTTP_X_IDEMPOTENCY_KEY="p-4",
        ),
    ]
    for response in calls:
        assert response["Content-Type"] == PROBLEM, response.content
    return [response.json() for response in calls]


def test_a_title_is_fixed_per_type_and_about_blank_says_the_status_text(provider):
    from http import HTTPStatus

    titles: dict[str, set[str]] = {}
    for body in _problems(provider):
        if body["type"] == "about:blank":
            assert body["title"] == HTTPStatus(body["status"]).phrase
        else:
            titles.setdefault(body["type"], set()).add(body["title"])
    assert len(titles) >= 4
    assert all(len(found) == 1 for found in titles.values()), titles
    invalid = next(t for t in titles if t.endswith("#invalid-request"))
    assert titles[invalid] == {"Invalid request"}  # at 400 and at 422 alike


def test_only_validation_problems_carry_errors(provider):
    for body in _problems(provider):
        if body["status"] == 422 and body["type"].endswith("#invalid-request") and "errors" in body:
            assert all(set(error) == {"pointer", "detail"} for error in body["errors"])
        elif body["status"] != 422:
            assert "errors" not in body, body
