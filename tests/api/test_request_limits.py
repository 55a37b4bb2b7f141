"""Bad input never becomes a 500: a body, query string or headers over the limits is a
problem document (413, 414, 431) and nothing is written; the limits are settings and the
schema names these answers."""

import json

import pytest
from drf_spectacular.generators import SchemaGenerator

from participants.models import Enrollment
from tests.participants.factories import participant_payload

PROBLEM = "application/problem+json"


def _problem(response, status):
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["status"] == status
    return body


def test_a_3_mb_body_is_413_and_writes_nothing(provider, settings):
    payload = participant_payload(externalID="big-1")
    huge = {**payload, "nickName": "x" * (3 * 1024 * 1024)}
    response = provider.client.post(
        provider.url("/participants"),
        json.dumps(huge),
        content_type="application/json",
        HTTP_X_IDEMPOTENCY_KEY="big-body",
    )
    body = _problem(response, 413)
    assert str(settings.REQUEST_MAX_BODY_BYTES) in body["detail"]
    assert not Enrollment.objects.exists()
    # The key was not used up: the corrected request goes through under it.
    retry = provider.client.post(
        provider.url("/participants"), payload, format="json", HTTP_X_IDEMPOTENCY_KEY="big-body"
    )
    assert retry.status_code == 201


def test_a_body_that_grows_past_the_limit_while_read_is_413(provider, settings):
    # The edge check passes (a generous REQUEST_MAX_BODY_BYTES); Django's own guard trips.
    settings.REQUEST_MAX_BODY_BYTES = 10 * 1024 * 1024
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    response = provider.client.post(
        provider.url("/participants"),
        json.dumps({**participant_payload(), "nickName": "y" * 4096}),
        content_type="application/json",
        HTTP_X_IDEMPOTENCY_KEY="grown-body",
    )
    _problem(response, 413)
    assert not Enrollment.objects.exists()


def test_a_query_string_over_the_limit_is_414(provider, settings):
    response = provider.client.get(
        provider.url("/payments"), {"q": "a" * (settings.REQUEST_MAX_QUERY_BYTES + 1)}
    )
    _problem(response, 414)


def test_headers_over_the_limit_are_431(provider, settings):
    response = provider.client.get(
        provider.url("/participants"), HTTP_X_PADDING="z" * settings.REQUEST_MAX_HEADER_BYTES
    )
    _problem(response, 431)


@pytest.mark.parametrize(
    ("path", "method", "statuses"),
    [
        ("/providers/{providerID}/participants", "post", {"413", "414", "431"}),
        ("/providers/{providerID}/participants", "get", {"414", "431"}),
    ],
)
def test_the_schema_names_the_limit_answers(path, method, statuses):
    schema = SchemaGenerator().get_schema(request=None, public=True)
    responses = set(schema["paths"][path][method]["responses"])
    assert statuses <= responses
    if method == "get":
        assert "413" not in responses
