"""Delivery under Standard Webhooks 1.0: signatures that verify with the standard's own
package, retries on a schedule with one webhook-id, the attempt log, auto-disable."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from common.errors import StateConflict
from events import delivery, schedule, secrets, services, signing
from events.models import Delivery, DeliveryAttempt, Event, WebhookEndpoint
from tests.participants.factories import create_participant


def _register(ctx, url, **extra):
    response = ctx.client.post(
        ctx.url("/webhook-endpoints"),
        {"url": url, **extra},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=f"register-{url}",
    )
    assert response.status_code == 201, response.content
    return response.json()


def _suspend(ctx, participant_id):
    read = ctx.client.get(ctx.url(f"/participants/{participant_id}")).json()
    response = ctx.client.post(
        ctx.url(f"/participants/{participant_id}/suspensions"),
        {"reasonCode": "suspected-fraud", "expectedVersionID": read["relationship"]["versionID"]},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=f"suspend-{participant_id}",
    )
    assert response.status_code == 201


@pytest.fixture
def suspended_event(provider, receiver, django_capture_on_commit_callbacks):
    """An endpoint at the test receiver, then a suspension delivered to it."""
    endpoint = _register(provider, receiver.url)
    participant_id = create_participant(provider)["participantID"]
    with django_capture_on_commit_callbacks(execute=True):
        _suspend(provider, participant_id)
    return endpoint, Event.objects.get(type="relationship.suspended")


def test_a_suspension_arrives_signed_and_verifies_with_the_standard_package(
    suspended_event, receiver
):
    endpoint, event = suspended_event
    [got] = receiver.received
    payload = Webhook(endpoint["secret"]).verify(got.body, got.headers)
    assert payload == event.payload()
    assert payload["type"] == "relationship.suspended" and payload["eventID"].startswith("evt_")
    assert got.headers["webhook-id"] == event.pk
    assert got.headers["content-type"] == "application/json"
    assert got.headers["webhook-signature"].startswith("v1,")
    [attempt] = DeliveryAttempt.objects.all()
    assert attempt.status_code == 204 and attempt.number == 1
    assert Delivery.objects.get().status == "delivered"


def test_a_tampered_body_or_a_stale_timestamp_fails_verification(suspended_event, receiver):
    endpoint, event = suspended_event
    [got] = receiver.received
    verifier = Webhook(endpoint["secret"])
    with pytest.raises(WebhookVerificationError):
        verifier.verify(got.body.replace(b"suspected-fraud", b"customer-request"), got.headers)
    stale_at = timezone.now() - timedelta(minutes=10)
    text = got.body.decode()
    stale = signing.headers(event_id=event.pk, text=text, secrets=[endpoint["secret"]], at=stale_at)
    with pytest.raises(WebhookVerificationError, match="too old"):
        verifier.verify(text, {k.lower(): v for k, v in stale.items()})
    with pytest.raises(WebhookVerificationError):
        Webhook(secrets.generate()).verify(got.body, got.headers)


def test_during_a_rotation_both_secrets_verify_and_after_it_only_the_new(
    provider, receiver, django_capture_on_commit_callbacks
):
    old = _register(provider, receiver.url)
    response = provider.client.post(
        provider.url(f"/webhook-endpoints/{old['endpointID']}/secret-rotations"),
        HTTP_X_IDEMPOTENCY_KEY="rotate-1",
    )
    assert response.status_code == 201
    new = response.json()
    assert new["secret"] != old["secret"] and new["secret"].startswith("whsec_")
    assert "previousSecretExpiresOn" in new

    with django_capture_on_commit_callbacks(execute=True):
        services.send_test(provider_id=provider.id, endpoint_id=old["endpointID"])
    got = receiver.received[-1]
    assert len(got.headers["webhook-signature"].split(" ")) == 2
    Webhook(old["secret"]).verify(got.body, got.headers)
    Webhook(new["secret"]).verify(got.body, got.headers)

    with time_machine.travel(timezone.now() + timedelta(hours=25), tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            services.send_test(provider_id=provider.id, endpoint_id=old["endpointID"])
        got = receiver.received[-1]
        assert len(got.headers["webhook-signature"].split(" ")) == 1
        Webhook(new["secret"]).verify(got.body, got.headers)
        with pytest.raises(WebhookVerificationError):
            Webhook(old["secret"]).verify(got.body, got.headers)


def test_500_500_then_200_is_one_event_in_three_attempts_with_one_webhook_id(
    provider, receiver, django_capture_on_commit_callbacks
):
    receiver.statuses = [500, 500, 200]
    endpoint = _register(provider, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        event = services.send_test(provider_id=provider.id, endpoint_id=endpoint["endpointID"])
    found = Delivery.objects.get()
    assert found.status == "pending" and found.attempts == 1
    start = timezone.now()
    with time_machine.travel(start + timedelta(minutes=1, seconds=1), tick=False):
        assert services.sweep(now=timezone.now()) == [found.pk]  # due again: handed over
    with time_machine.travel(start + timedelta(minutes=6, seconds=2), tick=False):
        services.sweep(now=timezone.now())
    found.refresh_from_db()
    assert found.status == "delivered" and found.attempts == 3
    assert [r.headers["webhook-id"] for r in receiver.received] == [event.pk] * 3
    codes = list(found.attempt_log.values_list("number", "status_code"))
    assert codes == [(1, 500), (2, 500), (3, 200)]
    assert WebhookEndpoint.objects.get().failing_since is None  # a success clears the run


def test_a_timeout_is_a_failed_attempt_and_is_retried(
    provider, receiver, settings, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_READ_TIMEOUT_MS = 200
    receiver.delay_seconds = 1.0
    endpoint = _register(provider, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        services.send_test(provider_id=provider.id, endpoint_id=endpoint["endpointID"])
    found = Delivery.objects.get()
    [attempt] = found.attempt_log.all()
    assert attempt.status_code is None and attempt.error == "timeout"
    assert found.status == "pending" and found.next_attempt_on > timezone.now()


def test_a_claimed_delivery_is_not_sent_twice(provider, receiver):
    endpoint, _secret = services.create_endpoint(provider_id=provider.id, url=receiver.url)
    event = services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    found = Delivery.objects.get(event=event)
    assert delivery.attempt(found.pk) is not None
    assert delivery.attempt(found.pk) is None  # delivered: nothing left to send
    assert len(receiver.received) == 1


def test_the_schedule_spans_about_three_days_then_the_delivery_fails(provider, receiver):
    total = sum(schedule.RETRY_DELAYS, timedelta())
    assert timedelta(days=3) < total < timedelta(days=3, hours=6)
    assert schedule.RETRY_DELAYS[0] == timedelta(minutes=1)
    assert schedule.delay_after(schedule.MAX_ATTEMPTS) is None

    receiver.statuses = [503] * schedule.MAX_ATTEMPTS
    endpoint, _secret = services.create_endpoint(provider_id=provider.id, url=receiver.url)
    services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    found = Delivery.objects.get()
    at = timezone.now()
    for _ in range(schedule.MAX_ATTEMPTS):
        with time_machine.travel(at, tick=False):
            assert delivery.attempt(found.pk, now=at) is not None
        found.refresh_from_db()
        if found.next_attempt_on is None:
            break
        at = found.next_attempt_on
    assert found.status == "failed" and found.attempts == schedule.MAX_ATTEMPTS
    endpoint.refresh_from_db()
    # Failing every attempt for about three days disabled the endpoint; its events stay.
    assert endpoint.status == "disabled" and "3 days" in endpoint.disabled_reason
    assert Event.objects.filter(pk=found.event_id).exists()


def test_a_disabled_endpoint_is_skipped_until_staff_enable_it(provider, receiver, settings):
    settings.WEBHOOK_DISABLE_AFTER_SECONDS = 0
    receiver.statuses = [500, 500]
    endpoint, _secret = services.create_endpoint(provider_id=provider.id, url=receiver.url)
    services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    found = Delivery.objects.get()
    delivery.attempt(found.pk)
    with time_machine.travel(timezone.now() + timedelta(minutes=2), tick=False):
        delivery.attempt(found.pk)
        endpoint.refresh_from_db()
        assert endpoint.status == "disabled"
        assert services.sweep(now=timezone.now() + timedelta(minutes=10)) == []
        with pytest.raises(StateConflict, match="disabled"):
            services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
        services.record("webhook.test", {provider.id: {}})
    assert Delivery.objects.count() == 1  # a disabled endpoint is owed nothing new

    services.enable_endpoint(provider_id=provider.id, endpoint_id=endpoint.pk)
    # The sweeper hands it over (the enabling's own hand-over is not run here).
    assert services.sweep(now=timezone.now() + timedelta(minutes=2)) == [found.pk]
    found.refresh_from_db()
    assert found.status == "delivered"


def test_redelivering_since_a_time_sends_each_event_again_with_its_id(
    provider, receiver, django_capture_on_commit_callbacks
):
    endpoint = _register(provider, receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        first = services.send_test(provider_id=provider.id, endpoint_id=endpoint["endpointID"])
    with django_capture_on_commit_callbacks(execute=True):
        redone = services.redeliver_since(
            provider_id=provider.id,
            endpoint_id=endpoint["endpointID"],
            since=first.created_on,
        )
    assert [d.event_id for d in redone] == [first.pk]
    assert [r.headers["webhook-id"] for r in receiver.received] == [first.pk, first.pk]
