"""An endpoint re-enabled after an outage receives what it was owed while off, once each, by
the paths production uses: the hand-over when the enabling commits, and the sweeper when that
hand-over is lost (the test receiver is a real HTTP server on loopback; tasks run in-process)."""

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from events import services
from events.models import Delivery, WebhookEndpoint

OWED = 3


@pytest.fixture
def disabled_after_outage(provider, receiver, settings):
    """An endpoint owed OWED test events, disabled after its receiver failed them; nothing
    has reached the receiver since."""
    settings.WEBHOOK_DISABLE_AFTER_SECONDS = 0
    receiver.statuses = [500] * OWED
    endpoint, _secret = services.create_endpoint(provider_id=provider.id, url=receiver.url)
    events = [
        services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk) for _ in range(OWED)
    ]
    # The hand-over at commit is not run here: the sweeper hands them over, the receiver
    # fails them, and the second failure disables the endpoint.
    with time_machine.travel(timezone.now() + timedelta(minutes=2), tick=False):
        services.sweep()
    endpoint.refresh_from_db()
    assert endpoint.status == WebhookEndpoint.Status.DISABLED
    assert Delivery.objects.filter(status="pending").count() == OWED
    with time_machine.travel(timezone.now() + timedelta(hours=2), tick=False):
        assert services.sweep() == []  # a disabled endpoint is sent nothing
    receiver.statuses = []  # the receiver is back: 204 from now on
    receiver.received.clear()
    return endpoint, sorted(event.pk for event in events)


def _sent_ids(receiver) -> list[str]:
    return sorted(got.headers["webhook-id"] for got in receiver.received)


def _sweep_until_quiet(settings, hours: int = 25) -> None:
    """Run the sweeper as beat would, from just after the redelivery cutoff to a day later."""
    start = timezone.now()
    after = settings.WEBHOOK_REDELIVER_AFTER_SECONDS + 1
    for offset in (timedelta(seconds=after), timedelta(minutes=5), timedelta(hours=hours)):
        with time_machine.travel(start + offset, tick=False):
            services.sweep()


def test_the_sweeper_sends_what_a_reenabled_endpoint_was_owed_once_each(
    provider, receiver, settings, disabled_after_outage
):
    endpoint, owed = disabled_after_outage
    # The enabling's own hand-over is lost (as when the broker is down at commit).
    services.enable_endpoint(provider_id=provider.id, endpoint_id=endpoint.pk)
    _sweep_until_quiet(settings)
    assert _sent_ids(receiver) == owed
    assert set(Delivery.objects.values_list("status", flat=True)) == {"delivered"}


def test_enabling_hands_the_owed_deliveries_over_when_it_commits(
    provider, receiver, settings, disabled_after_outage, django_capture_on_commit_callbacks
):
    endpoint, owed = disabled_after_outage
    with django_capture_on_commit_callbacks(execute=True):
        services.enable_endpoint(provider_id=provider.id, endpoint_id=endpoint.pk)
    assert _sent_ids(receiver) == owed  # without waiting for a sweep
    _sweep_until_quiet(settings)
    assert _sent_ids(receiver) == owed  # and never again


def test_a_pending_delivery_never_handed_to_the_broker_is_swept_at_once(
    provider, receiver, disabled_after_outage
):
    endpoint, owed = disabled_after_outage
    services.enable_endpoint(provider_id=provider.id, endpoint_id=endpoint.pk)
    # NULL: what the enabling wrote before it handed deliveries over itself.
    Delivery.objects.update(enqueued_on=None)
    assert sorted(services.sweep()) == sorted(Delivery.objects.values_list("pk", flat=True))
    assert _sent_ids(receiver) == owed


def test_the_command_reenables_through_the_same_service(
    provider, receiver, settings, disabled_after_outage
):
    endpoint, owed = disabled_after_outage
    call_command("enable_webhook_endpoint", "--provider", provider.id, "--endpoint", endpoint.pk)
    _sweep_until_quiet(settings)
    assert _sent_ids(receiver) == owed


def test_the_admin_action_reenables_through_the_same_service(
    provider, receiver, settings, disabled_after_outage, client
):
    endpoint, owed = disabled_after_outage
    staff = get_user_model().objects.create_superuser("ops", "ops@example.com", "pw-123456789")
    client.force_login(staff)
    response = client.post(
        "/admin/events/webhookendpoint/",
        {"action": "enable", "_selected_action": [endpoint.pk]},
    )
    assert response.status_code == 302
    _sweep_until_quiet(settings)
    assert _sent_ids(receiver) == owed
