"""LOG_FORMAT=json: one JSON object a line, with the request context; and no secret or
personal datum in any line of a whole request cycle."""

import json
import logging
import os

import pytest

from events import services as event_services
from ops import health
from ops.logging import JsonLineFormatter, TextFormatter
from payments import selectors as payment_selectors
from reviews.services import payment_reviews
from tests.log_capture import formatted_logs
from tests.participants.factories import create_participant
from tests.payments.factories import enroll, new_payout
from tests.reviews.broker import run_python

TICKET = "ticket-json-1"


@pytest.fixture
def json_log():
    """Everything logged while the test runs, as the JSON console handler writes it."""
    with formatted_logs() as streams:
        yield streams["json"]


def _lines(stream) -> list[dict]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


def test_each_line_is_one_json_object_with_the_request_context(provider, json_log):
    provider.client.get(provider.url("/participants"), HTTP_X_REQUEST_ID=TICKET)
    [access] = [line for line in _lines(json_log) if line["logger"] == "access"]
    assert access["request_id"] == TICKET and access["provider_id"] == provider.id
    assert access["route"] == "/providers/{providerID}/participants"
    assert access["status"] == 200 and access["method"] == "GET"
    assert {"timestamp", "level", "message", "duration_ms"} <= set(access)


def test_a_full_request_cycle_logs_no_secret_or_personal_datum(
    sandbox_ledger, provider, json_log, settings, django_capture_on_commit_callbacks
):
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    person = {
        "givenName": "Philippa",
        "familyName": "Quartermaine",
        "dateOfBirth": "1987-03-14",
        "emails": ["philippa.q@example.org"],
        "phones": [{"countryCode": "1", "number": "2125550199"}],
    }
    with django_capture_on_commit_callbacks(execute=True):
        created = create_participant(provider, externalID="pq-1", **person)
    pid = created["participantID"]
    provider.client.get(provider.url(f"/participants/{pid}"))
    provider.client.get(provider.url("/participants?q=Quartermaine"))
    provider.client.get(provider.url("/payments?q=2125550199"))
    version = provider.client.get(provider.url(f"/participants/{pid}")).json()["relationship"]
    _endpoint, webhook_secret = event_services.create_endpoint(
        provider_id=provider.id, url=f"{sandbox_ledger.base_url}/hooks-nowhere"
    )
    with django_capture_on_commit_callbacks(execute=True):
        provider.client.post(
            provider.url(f"/participants/{pid}/suspensions"),
            {
                "reasonCode": "other",
                "note": "Philippa asked",
                "expectedVersionID": version["versionID"],
            },
            format="json",
            HTTP_X_IDEMPOTENCY_KEY="json-log-1",
        )
    payout = new_payout(
        provider.provider, enroll(provider.provider, given="Ottoline", family="Brackenbury")
    )
    review = payment_reviews.open_payment_review(payout=payout, reason="Check")
    provider.client.post(
        provider.url(f"/reviews/{review.pk}/resolutions"), {"resolution": "rejected"}, format="json"
    )
    provider.client.get(provider.url("/participants/nobody"))

    text = json_log.getvalue()
    assert text, "the cycle logged nothing at all"
    forbidden = [
        provider.secret,  # the API key secret
        webhook_secret,
        "Philippa", "Quartermaine", "1987-03-14", "philippa.q@example.org", "2125550199",
        "Ottoline", "Brackenbury",
        "eyJ",  # the start of any JOSE header, a JWE payload included
    ]  # fmt: skip
    leaked = [value for value in forbidden if value in text]
    assert leaked == []
    for line in _lines(json_log):
        assert {"timestamp", "level", "logger", "message", "request_id"} <= set(line)


@pytest.fixture
def every_log_line():
    with formatted_logs() as streams:
        yield streams


def test_a_5xx_logs_neither_its_path_nor_its_query_string(provider, every_log_line, monkeypatch):
    external_id = "philippa-quartermaine-1987"
    create_participant(provider, externalID=external_id, familyName="Quartermaine")

    def broken(*args, **kwargs):
        raise RuntimeError("the payments read failed")

    monkeypatch.setattr(payment_selectors, "list_entries", broken)
    provider.client.raise_request_exception = False
    response = provider.client.get(
        provider.url(f"/participants/{external_id}/payments?q=Quartermaine&phone=2125550199"),
        HTTP_X_REQUEST_ID="ticket-5xx-1",
    )
    assert response.status_code == 500

    lines = _lines(every_log_line["json"])
    failed = [line for line in lines if line["logger"] == "django.request"]
    assert len(failed) == 1 and failed[0]["level"] == "ERROR"
    route = "/providers/{providerID}/participants/{participantID}/payments"
    assert failed[0]["message"] == f"Internal Server Error: {route}"
    assert failed[0]["request_id"] == "ticket-5xx-1" and failed[0]["status_code"] == 500
    assert "request" not in failed[0]
    unhandled = [line for line in lines if line["logger"] == "api.exceptions"]
    assert [line["message"] for line in unhandled] == [f"Unhandled error on {route}"]
    assert "RuntimeError: the payments read failed" in unhandled[0]["exc_info"]
    text = every_log_line["text"].getvalue()
    assert f"Internal Server Error: {route}" in text and "Traceback" in text

    for output in every_log_line.values():
        written = output.getvalue()
        leaked = [
            value
            for value in (external_id, "Quartermaine", "2125550199", "?q=", "phone=", provider.id)
            if value in written.replace(f'"provider_id": "{provider.id}"', "")
        ]
        assert leaked == [], written


def test_an_exception_outside_the_api_logs_its_route_not_its_query(
    client, db, every_log_line, monkeypatch
):
    """Django's own handler (not DRF's) logs an exception raised by a plain view, with the
    traceback and the request attached."""

    def broken():
        raise RuntimeError("the checks failed")

    monkeypatch.setattr(health, "run_checks", broken)
    client.raise_request_exception = False
    response = client.get("/readyz?email=philippa.q@example.org&name=Quartermaine")
    assert response.status_code == 500
    [failed] = [
        line for line in _lines(every_log_line["json"]) if line["logger"] == "django.request"
    ]
    assert failed["message"] == "Internal Server Error: /readyz" and "request" not in failed
    assert "RuntimeError: the checks failed" in failed["exc_info"]
    for output in every_log_line.values():
        written = output.getvalue()
        assert "philippa" not in written and "Quartermaine" not in written, written


def test_a_json_line_carries_no_extra_beyond_its_fields():
    """Celery's task-failure line attaches the task's arguments as `data`; Django's attaches
    the request: neither reaches a line."""
    record = logging.LogRecord("celery.app.trace", logging.ERROR, __file__, 1, "failed", (), None)
    record.data = {"args": "('Philippa Quartermaine',)", "kwargs": "{}"}
    record.request = object()
    line = json.loads(JsonLineFormatter().format(record))
    assert set(line) == {"timestamp", "level", "logger", "message", "request_id", "provider_id"}
    assert "Quartermaine" not in TextFormatter().format(record)


def test_a_worker_logs_through_the_service_formats_not_celerys():
    """What `celery worker` and `celery beat` do at start: set up logging. With LOG_FORMAT=json
    every line is then the service's JSON line, Celery's own format is not installed."""
    code = (
        "import django, logging; django.setup()\n"
        "from config.celery import app\n"
        "app.log.setup(loglevel='INFO')\n"
        "logging.getLogger('events.delivery').warning('webhook whe_1 evt_1 attempt 1: failed')\n"
    )
    run = run_python(code, env={**os.environ, "LOG_FORMAT": "json"}, check=True)
    [line] = [json.loads(text) for text in run.stderr.splitlines() if text.startswith("{")]
    assert line["logger"] == "events.delivery" and line["level"] == "WARNING"
    assert line["message"] == "webhook whe_1 evt_1 attempt 1: failed"
    assert "[" not in run.stderr.split("{", 1)[0]  # no line in Celery's "[date: LEVEL/…]" form
