"""X-Request-ID: the ID a caller sends is the one echoed, put in problem documents, logged,
carried by the tasks the request enqueues and sent to the provider's ledger."""

import logging

import pytest
from django.urls import path

from ledger.sandbox.models import SandboxOperation
from reviews.services import payment_reviews
from tests.payments.factories import enroll, new_payout

TICKET = "support-ticket-4711"


def test_a_well_formed_id_is_echoed(provider):
    response = provider.client.get(provider.url("/participants"), HTTP_X_REQUEST_ID=TICKET)
    assert response["X-Request-ID"] == TICKET


@pytest.mark.parametrize(
    "sent",
    [None, "", "has spaces", "x" * 129, "<script>", "-leading", f"{TICKET}\n", "abc\n", "a\nb"],
)
def test_a_missing_or_malformed_id_is_replaced_by_a_new_one(provider, sent, caplog):
    extra = {} if sent is None else {"HTTP_X_REQUEST_ID": sent}
    with caplog.at_level(logging.INFO, logger="access"):
        response = provider.client.get(provider.url("/participants"), **extra)
    assert response.status_code == 200
    assert response["X-Request-ID"].startswith("req_")
    assert response["X-Request-ID"] != sent
    [line] = [r for r in caplog.records if r.name == "access"]
    assert line.request_id == response["X-Request-ID"]  # the log never holds what was sent


def test_problem_documents_carry_it(provider, client):
    missing = provider.client.get(
        provider.url("/participants/nobody"), HTTP_X_REQUEST_ID=TICKET
    ).json()
    assert missing["requestID"] == TICKET
    unknown = client.get("/providers/prv_x/no-such-thing", HTTP_X_REQUEST_ID=TICKET)
    assert unknown.json()["requestID"] == unknown["X-Request-ID"] == TICKET


def test_the_access_log_line_carries_it_with_the_route_and_provider(provider, caplog):
    with caplog.at_level(logging.INFO, logger="access"):
        provider.client.get(provider.url("/participants"), HTTP_X_REQUEST_ID=TICKET)
    [line] = [r for r in caplog.records if r.name == "access"]
    assert line.request_id == TICKET and line.provider_id == provider.id
    assert line.route == "/providers/{providerID}/participants"
    assert line.status == 200 and line.method == "GET" and line.duration_ms >= 0


def test_the_ledger_call_a_request_causes_carries_it(sandbox_ledger, provider, settings):
    settings.LEDGER_RETRY_BASE_MS = 5
    payout = new_payout(provider.provider, enroll(provider.provider))
    review = payment_reviews.open_payment_review(payout=payout, reason="Check")
    response = provider.client.post(
        provider.url(f"/reviews/{review.pk}/resolutions"),
        {"resolution": "rejected"},
        format="json",
        HTTP_X_REQUEST_ID=TICKET,
    )
    assert response.status_code == 201
    release = SandboxOperation.objects.get(endpoint="release", payout_id=payout.id)
    assert release.request_id == TICKET  # the sandbox ledger saw the header
    authorize = SandboxOperation.objects.get(endpoint="authorize", payout_id=payout.id)
    assert authorize.request_id != TICKET  # caused by something else


def _boom(request):
    raise RuntimeError("secret internals")


urlpatterns = [path("providers/<str:providerID>/boom", _boom)]


@pytest.mark.urls("tests.ops.test_request_ids")
def test_with_debug_on_a_server_error_is_a_problem_document(client, settings):
    settings.DEBUG = True
    client.raise_request_exception = False
    response = client.get("/providers/prv_x/boom", HTTP_X_REQUEST_ID=TICKET)
    assert response.status_code == 500
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["requestID"] == TICKET and "secret internals" not in response.content.decode()


def test_with_debug_on_an_unknown_route_is_a_problem_document(client, settings):
    settings.DEBUG = True
    response = client.get("/providers/prv_x/no-such-thing")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["instance"] == "/providers/prv_x/no-such-thing"
    assert response.json()["detail"] == "No endpoint matches this path."
    admin = client.get("/admin/no-such-page/")
    assert admin["Content-Type"].startswith("text/html")  # people's pages keep Django's
