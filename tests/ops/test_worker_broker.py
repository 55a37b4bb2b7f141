"""A running worker rides out a broker outage: after its Redis stops and starts again it
keeps applying commands with no restart by hand; and the request ID of the request that
accepted a command is the one the worker's events carry (PostgreSQL, a test-owned
redis-server, a real worker process)."""

import time

import pytest

from events.models import Event
from reviews.models import ReviewCommand
from tests.participants.factories import create_participant
from tests.reviews.broker import RedisServer, Worker, celery_publishing_to, wait_until

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]


def _open(ctx, participant_id, key, request_id):
    response = ctx.client.post(
        ctx.url("/participant-reviews"),
        {"participantID": participant_id, "reason": "Broker test"},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
        HTTP_X_REQUEST_ID=request_id,
    )
    assert response.status_code == 202


def _applied(count):
    return lambda: ReviewCommand.objects.filter(status="applied").count() >= count


def test_a_worker_keeps_applying_commands_after_its_broker_comes_back(provider):
    first = create_participant(provider)["participantID"]
    second = create_participant(provider)["participantID"]
    server = RedisServer()
    server.start()
    worker = None
    try:
        with celery_publishing_to(server.url):
            worker = Worker(server.url)
            _open(provider, first, "broker-1", "ticket-before")
            wait_until(_applied(1), 60, "the worker to apply the first command")

            server.stop()
            time.sleep(5)  # the worker notices the broker is gone
            server.start()

            _open(provider, second, "broker-2", "ticket-after")
            wait_until(_applied(2), 90, "the same worker to apply a command after the outage")
            assert worker.process.poll() is None  # never restarted
    finally:
        if worker is not None:
            worker.stop()
        server.close()
    carried = set(Event.objects.filter(type="command.applied").values_list("request_id", flat=True))
    assert carried == {"ticket-before", "ticket-after"}
