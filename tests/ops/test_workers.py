"""Workers that can be seen: `celery -A config worker` started as Celery's documentation
starts one (no -Q) consumes every queue the settings declare and runs a task of each; every
worker's heartbeat shows per queue in /metrics, and /readyz answers 200 "degraded", naming
each queue no worker consumes (a real worker process on a redis-server of the test's own)."""

import re

import pytest
from django.db import transaction
from django.utils import timezone

from config.celery import app as celery_app
from config.queues import QUEUES, WEBHOOKS
from events import services as event_services
from events.models import Event
from ledger import services as ledger_services
from ledger.models import LedgerCall
from ledger.services import calls as ledger_calls
from participants.models import Participant
from reviews.models import ReviewCommand
from tests.participants.factories import create_participant
from tests.reviews.broker import Worker, wait_until

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]

TOKEN = "metrics-test-token"
BEATING = {"WORKER_HEARTBEAT_SECONDS": "1"}


def _ledger_call(provider_id: str, payout_id: str) -> str:
    """A call to a ledger the provider never registered: its worker completes it at once."""
    with transaction.atomic():
        ledger_services.request_authorize(
            provider_id=provider_id,
            payout_id=payout_id,
            external_id="cust-1",
            funding_source="acct-1",
            amount_minor=1500,
            currency="USD",
            fraud_score=0.1,
            reply_to="payments.tasks.on_ledger_outcome",
        )
    return LedgerCall.objects.get(payout_id=payout_id).pk


def _completed(call_id: str) -> bool:
    return LedgerCall.objects.filter(pk=call_id, status="completed").exists()


def _readiness(client) -> dict:
    response = client.get("/readyz")
    assert response.status_code == 200, response.content
    return response.json()


def _gauges(client, name: str) -> dict[str, float]:
    text = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}").content.decode()
    return {
        queue: float(value)
        for queue, value in re.findall(rf'^{name}{{queue="(\w+)"}} (\S+)$', text, re.MULTILINE)
    }


def _seen_by(client, queues) -> bool:
    consumers = _gauges(client, "celery_queue_consumers")
    return all(consumers.get(queue) == 1.0 for queue in queues)


def test_a_worker_without_queues_named_runs_a_task_of_every_queue(
    provider, own_broker, client, settings, monkeypatch
):
    settings.REDIS_URL = own_broker.url  # what /readyz reads
    settings.METRICS_TOKEN = TOKEN
    event_services.create_endpoint(provider_id=provider.id, url="https://hooks.example.com/in")
    nobody = _readiness(client)
    assert nobody["status"] == "degraded"
    assert nobody["checks"]["workers"] == {
        "status": "degraded",
        "detail": f"no worker consumes {', '.join(QUEUES)}",
    }
    assert _gauges(client, "celery_queue_consumers") == dict.fromkeys(QUEUES, 0.0)

    # participants: onboarding; webhooks: the activation event's fan-out; reviews: an open.
    participant = create_participant(provider)["participantID"]
    response = provider.client.post(
        provider.url("/participant-reviews"),
        {"participantID": participant, "reason": "Worker test"},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="worker-open",
    )
    assert response.status_code == 202
    # ledger: a call; sweeps: the stalled-call sweep, the only way a lost call comes back.
    called = _ledger_call(provider.id, "po_worker_1")
    with monkeypatch.context() as lost:
        lost.setattr(ledger_calls, "_enqueue", lambda *args, **kwargs: None)
        swept = _ledger_call(provider.id, "po_worker_2")
    LedgerCall.objects.filter(pk=swept).update(
        next_attempt_on=timezone.now() - timezone.timedelta(minutes=5)
    )
    celery_app.send_task("ledger.tasks.resume_stalled_calls")

    worker = Worker(own_broker.url, env=BEATING, queues=None)
    try:
        wait_until(
            lambda: Participant.objects.filter(pk=participant, status="active").exists(),
            60,
            "the onboarding (participants)",
        )
        wait_until(
            lambda: not Event.objects.filter(dispatched_on__isnull=True).exists(),
            30,
            "the event's fan-out (webhooks)",
        )
        wait_until(
            lambda: ReviewCommand.objects.filter(status="applied").count() == 1,
            30,
            "the review open (reviews)",
        )
        wait_until(lambda: _completed(called), 30, "the ledger call (ledger)")
        wait_until(lambda: _completed(swept), 30, "the swept call (sweeps, then ledger)")
        wait_until(lambda: _seen_by(client, QUEUES), 10, "a heartbeat on every queue")
        assert _readiness(client) == {
            "status": "ok",
            "checks": {
                name: {"status": "ok"} for name in ("database", "migrations", "broker", "workers")
            },
        }
        ages = _gauges(client, "celery_queue_last_heartbeat_age_seconds")
        assert set(ages) == set(QUEUES) and all(0 <= age < 5 for age in ages.values())
    finally:
        worker.stop()
    # A worker that shut down takes its heartbeats with it.
    assert _gauges(client, "celery_queue_consumers") == dict.fromkeys(QUEUES, 0.0)


def test_readiness_names_the_queue_no_worker_consumes(provider, own_broker, client, settings):
    settings.REDIS_URL = own_broker.url
    settings.METRICS_TOKEN = TOKEN
    served = [queue for queue in QUEUES if queue != WEBHOOKS]
    worker = Worker(own_broker.url, env=BEATING, queues=served)
    try:
        wait_until(lambda: _seen_by(client, served), 60, "the worker's heartbeats")
        answer = _readiness(client)
    finally:
        worker.stop()
    assert answer["status"] == "degraded"
    assert answer["checks"]["workers"] == {
        "status": "degraded",
        "detail": "no worker consumes webhooks",
    }
    assert answer["checks"]["broker"] == {"status": "ok"}
