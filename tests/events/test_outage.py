"""Nothing accepted is lost: an event recorded while the broker is down, or whose worker is
killed mid-send, still reaches the receiver once the sweeper hands it over again
(PostgreSQL, a broker of the test's own, real worker processes)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from events import services
from events.models import Delivery, Event
from tests.events.receiver import Receiver
from tests.participants.factories import create_participant
from tests.reviews.broker import Worker, wait_until

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]

# The worker process reads its settings from the environment: let it send to loopback.
WORKER_ENV = {
    "WEBHOOK_REQUIRE_HTTPS": "0",
    "WEBHOOK_ALLOWED_HOSTS": "127.0.0.1",
    "WEBHOOK_LEASE_SECONDS": "2",
}


@pytest.fixture
def receiver(settings):
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOWED_HOSTS = ["127.0.0.1"]
    server = Receiver()
    yield server
    server.close()


def _suspend(ctx, participant_id, key):
    read = ctx.client.get(ctx.url(f"/participants/{participant_id}")).json()
    response = ctx.client.post(
        ctx.url(f"/participants/{participant_id}/suspensions"),
        {"reasonCode": "legal-hold", "expectedVersionID": read["relationship"]["versionID"]},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )
    assert response.status_code == 201


def test_an_event_recorded_during_a_broker_outage_is_delivered_afterwards(
    provider, own_broker, receiver, settings
):
    services.create_endpoint(
        provider_id=provider.id, url=receiver.url, event_types=["relationship.suspended"]
    )
    participant_id = create_participant(provider)["participantID"]
    own_broker.stop()
    _suspend(provider, participant_id, "suspend-outage")  # answered although the broker is down
    event = Event.objects.get(type="relationship.suspended")
    assert event.dispatched_on is None and not Delivery.objects.exists()

    own_broker.start()
    worker = Worker(own_broker.url, env=WORKER_ENV)
    try:
        later = timezone.now() + timedelta(seconds=settings.WEBHOOK_REDELIVER_AFTER_SECONDS + 1)
        assert len(services.sweep(now=later)) == 1  # the event dispatched: one delivery
        wait_until(
            lambda: Delivery.objects.filter(status="delivered").exists(),
            what="the worker to deliver the event",
        )
    finally:
        worker.stop()
    [got] = receiver.received
    assert got.headers["webhook-id"] == event.pk


def test_a_worker_killed_mid_send_loses_no_event(provider, own_broker, receiver, settings):
    receiver.delay_seconds = 30  # the first send hangs: the worker is killed in the middle
    endpoint, _secret = services.create_endpoint(provider_id=provider.id, url=receiver.url)
    worker = Worker(own_broker.url, env=WORKER_ENV)
    try:
        event = services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
        services.enqueue([d.pk for d in Delivery.objects.all()])  # what on_commit would do
        wait_until(lambda: receiver.received, what="the worker to start sending")
        worker.kill()
    finally:
        worker.stop()
    delivery = Delivery.objects.get()
    assert delivery.status == "pending" and delivery.attempts == 1
    # The attempt row was written when the send began: the cut-off send shows, still open.
    [cut_off] = delivery.attempt_log.all()
    assert cut_off.number == 1 and cut_off.finished_on is None and cut_off.status_code is None

    receiver.delay_seconds = 0
    second = Worker(own_broker.url, env=WORKER_ENV)
    try:
        # Once the dead worker's claim lapses, the sweeper hands the delivery over again.
        wait_until(
            lambda: Delivery.objects.get().next_attempt_on <= timezone.now(),
            what="the claim's lease to lapse",
        )
        settings.WEBHOOK_REDELIVER_AFTER_SECONDS = 0
        settings.WEBHOOK_LEASE_SECONDS = int(WORKER_ENV["WEBHOOK_LEASE_SECONDS"])
        assert services.sweep() == [delivery.pk]
        wait_until(
            lambda: Delivery.objects.get().status == "delivered",
            what="a new worker to deliver the event",
        )
    finally:
        second.stop()
    ids = [got.headers["webhook-id"] for got in receiver.received]
    assert ids == [event.pk, event.pk]  # at-least-once, one webhook-id
    # The sweeper closed the cut-off attempt; the second one has its outcome.
    first, second_try = delivery.attempt_log.order_by("number")
    assert first.finished_on is not None and first.error.startswith("interrupted")
    assert second_try.number == 2 and second_try.succeeded
