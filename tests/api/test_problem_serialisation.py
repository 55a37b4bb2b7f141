"""Every problem document is written the same way (compact JSON, as DRF writes it), and the
statuses answered with `about:blank` are the ones /errors lists, from one list."""

import re

import pytest

from api.problems import ABOUT_BLANK_STATUSES

pytestmark = pytest.mark.django_db


def _provoke(status: int, provider, client, settings):
    url = provider.url("/participants")
    if status == 401:
        return client.get(url)
    if status == 403:
        return provider.client.get("/providers/not-a-provider/participants")
    if status == 404:
        return provider.client.get("/no/such/route")
    if status == 405:
        return provider.client.put(provider.url("/payments"), {}, format="json")
    if status == 406:
        return provider.client.get(url, HTTP_ACCEPT="application/xml")
    if status == 413:
        settings.REQUEST_MAX_BODY_BYTES = 100
        return provider.client.post(url, "x" * 200, content_type="application/json")
    if status == 414:
        return provider.client.get(url + "?q=" + "a" * 5000)
    if status == 415:
        return provider.client.post(
            url, "a=1", content_type="text/plain", HTTP_X_IDEMPOTENCY_KEY="k-415"
        )
    if status == 431:
        return provider.client.get(url, HTTP_X_FILLER="x" * (17 * 1024))
    return None


@pytest.mark.parametrize("status", ABOUT_BLANK_STATUSES)
def test_each_about_blank_status_is_compact_and_about_blank(status, provider, client, settings):
    response = _provoke(status, provider, client, settings)
    if response is None:
        pytest.skip(f"{status} is not provoked from outside (server and readiness failures)")
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["type"] == "about:blank" and body["status"] == status
    assert b'": ' not in response.content and b'", "' not in response.content


def test_a_coded_problem_is_compact_too(provider):
    response = provider.client.get(provider.url("/payments"), {"status": "done"})
    assert response.status_code == 400 and response.json()["type"] != "about:blank"
    assert b'": ' not in response.content


def test_the_errors_page_lists_the_same_statuses(client):
    page = client.get("/errors").content.decode()
    [listed] = re.findall(r"says everything\s*\(([^)]*)\)", page)
    assert [int(status) for status in listed.split(", ")] == list(ABOUT_BLANK_STATUSES)
    as_json = client.get("/errors", HTTP_ACCEPT="application/json").json()
    assert as_json["aboutBlankStatuses"] == list(ABOUT_BLANK_STATUSES)
