"""One endpoint holds a few webhook slots at most: a delivery that finds its endpoint full
waits without being sent, and each send that ends hands its slot to the next one waiting.
Sends here are real POSTs to a loopback receiver; claims are made in the order a worker
would make them."""

from datetime import timedelta

import pytest
from django.utils import timezone

from events import delivery, services, slots
from events.models import Delivery, DeliveryAttempt, WebhookEndpoint

pytestmark = pytest.mark.django_db


def _owed(provider, receiver, count: int) -> tuple[WebhookEndpoint, list[str]]:
    endpoint, _secret = services.create_endpoint(provider_id=provider.id, url=receiver.url)
    for _ in range(count):
        services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    ids = list(Delivery.objects.order_by("created_on", "id").values_list("pk", flat=True))
    return endpoint, ids


def test_a_full_endpoint_leaves_the_delivery_waiting_unsent(provider, receiver, settings):
    settings.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = 2
    _endpoint, (first, second, third) = _owed(provider, receiver, 3)
    now = timezone.now()
    assert delivery._claim(first, now) is not None
    assert delivery._claim(second, now) is not None
    assert delivery._claim(third, now) is None  # two in flight: no room

    waiting = Delivery.objects.get(pk=third)
    assert waiting.enqueued_on is None and waiting.attempts == 0
    assert not DeliveryAttempt.objects.filter(delivery_id=third).exists()
    assert receiver.received == []


def test_a_send_that_ends_hands_its_slot_to_the_oldest_waiting(
    provider, receiver, settings, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = 1
    _endpoint, (first, second, third) = _owed(provider, receiver, 3)
    now = timezone.now()
    claimed = delivery._claim(first, now)
    assert delivery._claim(second, now) is None
    assert delivery._claim(third, now) is None

    sent, started = claimed
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        delivery._record(sent, started, delivery._post(sent, now), now)
    # The second (the oldest waiting) is handed to the broker; the third still waits.
    assert Delivery.objects.get(pk=second).enqueued_on is not None
    assert Delivery.objects.get(pk=third).enqueued_on is None
    assert len(callbacks) == 1
    with django_capture_on_commit_callbacks(execute=True):
        callbacks[0]()  # what the commit runs: the second is sent, then it hands on the third
    statuses = dict(Delivery.objects.values_list("pk", "status"))
    assert statuses == {first: "delivered", second: "delivered", third: "delivered"}
    assert [got.headers["webhook-id"] for got in receiver.received] == list(
        Delivery.objects.filter(pk__in=[first, second, third])
        .order_by("delivered_on")
        .values_list("event_id", flat=True)
    )


def test_a_failing_endpoint_gets_one_slot(provider, receiver, settings):
    settings.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = 3
    endpoint, (first, second) = _owed(provider, receiver, 2)
    WebhookEndpoint.objects.filter(pk=endpoint.pk).update(failing_since=timezone.now())
    now = timezone.now()
    assert delivery._claim(first, now) is not None
    assert delivery._claim(second, now) is None


def test_a_send_cut_off_past_its_lease_frees_the_slot_and_is_marked(provider, receiver, settings):
    settings.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = 1
    _endpoint, (first, second) = _owed(provider, receiver, 2)
    _sent, started = delivery._claim(first, timezone.now())
    # Its worker died mid-send a lease ago: the attempt row was never completed.
    long_ago = timezone.now() - timedelta(seconds=settings.WEBHOOK_LEASE_SECONDS + 5)
    DeliveryAttempt.objects.filter(pk=started.pk).update(started_on=long_ago)
    now = timezone.now()
    assert delivery._claim(second, now) is not None  # the stale attempt holds no slot

    assert slots.close_interrupted(now) == 1
    cut_off = DeliveryAttempt.objects.get(delivery_id=first)
    assert cut_off.finished_on == now and cut_off.error == slots.INTERRUPTED
    open_now = DeliveryAttempt.objects.get(delivery_id=second)
    assert open_now.finished_on is None  # still within its lease


def test_the_attempt_row_is_written_before_the_request_is_sent(provider, receiver):
    _endpoint, (only,) = _owed(provider, receiver, 1)
    sent, started = delivery._claim(only, timezone.now())
    row = DeliveryAttempt.objects.get(pk=started.pk)
    assert row.number == 1 and row.finished_on is None and row.status_code is None
    assert receiver.received == []  # nothing sent yet
    delivery._record(sent, started, delivery._post(sent, timezone.now()), timezone.now())
    row.refresh_from_db()
    assert row.finished_on is not None and row.status_code == 204


def test_410_gone_disables_the_endpoint_and_keeps_what_it_is_owed(provider, receiver):
    receiver.statuses = [410]
    endpoint, (gone, later) = _owed(provider, receiver, 2)
    delivery.attempt(gone)
    endpoint.refresh_from_db()
    assert endpoint.status == WebhookEndpoint.Status.DISABLED
    assert endpoint.disabled_reason == delivery.GONE_REASON
    assert delivery.attempt(later) is None  # nothing more is sent there
    assert len(receiver.received) == 1
    assert set(Delivery.objects.values_list("status", flat=True)) == {"pending"}


def test_a_failed_attempt_is_one_log_line_with_ids_and_the_next_try(provider, receiver, caplog):
    receiver.statuses = [503]
    _endpoint, (only,) = _owed(provider, receiver, 1)
    caplog.set_level("INFO", logger="events.delivery")
    delivery.attempt(only)
    [line] = [r.getMessage() for r in caplog.records if r.name == "events.delivery"]
    sent = Delivery.objects.get(pk=only)
    assert line == (
        f"webhook {sent.endpoint_id} {sent.event_id} attempt 1: failed status=503 "
        f"latency={sent.attempt_log.get().latency_ms}ms next_try_in=60s"
    )
    assert receiver.url not in line
