"""PATCH …/webhook-endpoints/{endpointID} and GET …/webhook-endpoints/{endpointID}/deliveries
over HTTP: changes, the URL rules of a registration, enabling, the delivery record with its
attempts, keyset pages, scopes and tenancy."""

from datetime import timedelta

import pytest
from django.utils import timezone

from events import services
from events.models import Delivery, DeliveryAttempt, WebhookEndpoint
from tests.problems import assert_not_found

pytestmark = pytest.mark.django_db

HOOK = "https://hooks.example.com/provider"
NO_ENDPOINT = "No webhook endpoint with that ID exists for this provider."


@pytest.fixture
def endpoint(provider):
    created, _secret = services.create_endpoint(provider_id=provider.id, url=HOOK)
    return created


def patch(ctx, endpoint_id, body, key="e-1", client=None):
    return (client or ctx.client).patch(
        ctx.url(f"/webhook-endpoints/{endpoint_id}"),
        body,
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )


def deliveries(ctx, endpoint_id, query="", client=None):
    return (client or ctx.client).get(
        ctx.url(f"/webhook-endpoints/{endpoint_id}/deliveries{query}")
    )


def test_the_fields_sent_change_and_the_answer_is_the_read(provider, endpoint):
    response = patch(
        provider,
        endpoint.pk,
        {"url": "https://other.example.com/h", "eventTypes": ["payout.status_changed"]},
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body == provider.client.get(provider.url(f"/webhook-endpoints/{endpoint.pk}")).json()
    assert body["url"] == "https://other.example.com/h"
    assert body["eventTypes"] == ["payout.status_changed"]
    assert body["status"] == "enabled"
    assert "secret" not in body
    assert patch(provider, endpoint.pk, {"description": "ops"}, key="e-2").json()["url"] == (
        "https://other.example.com/h"
    )


def test_disable_then_enable_makes_what_is_owed_due(provider, endpoint):
    off = patch(provider, endpoint.pk, {"status": "disabled"})
    assert off.status_code == 200
    assert off.json()["status"] == "disabled"
    assert off.json()["disabledReason"] == "disabled by the provider"
    event = services.record("webhook.test", {provider.id: {"endpointID": endpoint.pk}})[0]
    owed = Delivery.objects.create(
        event=event, endpoint=endpoint, next_attempt_on=timezone.now() + timedelta(days=1)
    )
    on = patch(provider, endpoint.pk, {"status": "enabled"}, key="e-2")
    assert on.status_code == 200
    assert on.json()["status"] == "enabled"
    assert "disabledOn" not in on.json()
    owed.refresh_from_db()
    assert owed.next_attempt_on <= timezone.now()


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"url": "https://127.0.0.1/hook"}, "/url"),
        ({"url": "https://169.254.169.254/latest"}, "/url"),
        ({"url": "http://hooks.example.com/hook"}, "/url"),
        ({"url": "not a url"}, "/url"),
        ({"eventTypes": ["no.such_type"]}, "/eventTypes/0"),
        ({"status": "paused"}, "/status"),
        ({"description": "x" * 256}, "/description"),
    ],
)
def test_validation_is_422_as_at_registration(provider, endpoint, body, pointer):
    response = patch(provider, endpoint.pk, body)
    assert response.status_code == 422, response.content
    problem = response.json()
    assert problem["type"].endswith("/errors#invalid-request")
    assert pointer in [e["pointer"] for e in problem["errors"]]
    endpoint.refresh_from_db()
    assert endpoint.url == HOOK


def test_replay_returns_the_original_200(provider, endpoint):
    first = patch(provider, endpoint.pk, {"description": "one"}, key="same")
    WebhookEndpoint.objects.filter(pk=endpoint.pk).update(description="changed meanwhile")
    second = patch(provider, endpoint.pk, {"description": "one"}, key="same")
    assert second.status_code == 200
    assert second.content == first.content
    assert second["Idempotent-Replayed"] == "true"
    assert WebhookEndpoint.objects.get(pk=endpoint.pk).description == "changed meanwhile"


def test_without_a_key_is_400(provider, endpoint):
    response = provider.client.patch(
        provider.url(f"/webhook-endpoints/{endpoint.pk}"), {"description": "x"}, format="json"
    )
    assert response.status_code == 400


def test_a_deleted_or_foreign_endpoint_is_404(provider, other_provider, endpoint):
    assert_not_found(patch(other_provider, endpoint.pk, {"description": "x"}), NO_ENDPOINT)
    assert_not_found(deliveries(other_provider, endpoint.pk), NO_ENDPOINT)
    services.delete_endpoint(provider_id=provider.id, endpoint_id=endpoint.pk)
    assert_not_found(patch(provider, endpoint.pk, {"description": "x"}), NO_ENDPOINT)
    assert_not_found(deliveries(provider, endpoint.pk), NO_ENDPOINT)


def test_scopes(provider, endpoint):
    reader = provider.client_with_scopes("webhooks.read")
    assert patch(provider, endpoint.pk, {"description": "x"}, client=reader).status_code == 403
    writer = provider.client_with_scopes("webhooks.write")
    assert deliveries(provider, endpoint.pk, client=writer).status_code == 403
    assert deliveries(provider, endpoint.pk, client=reader).status_code == 200


def _owed(provider, endpoint, n: int) -> list[Delivery]:
    owed = []
    for _ in range(n):
        event = services.record("webhook.test", {provider.id: {"endpointID": endpoint.pk}})[0]
        owed.append(Delivery.objects.create(event=event, endpoint=endpoint, next_attempt_on=None))
    return owed


def test_deliveries_newest_first_with_their_attempts(provider, endpoint):
    older, newer = _owed(provider, endpoint, 2)
    now = timezone.now()
    common = {"delivery": older, "started_on": now, "finished_on": now}
    DeliveryAttempt.objects.create(
        **common,
        number=1,
        status_code=503,
        latency_ms=80,
        error="HTTP 503",
        response_excerpt="busy",
    )
    DeliveryAttempt.objects.create(**common, number=2, status_code=204, latency_ms=9)
    Delivery.objects.filter(pk=older.pk).update(status="delivered", delivered_on=now)
    response = deliveries(provider, endpoint.pk)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["hasMore"] is False and "nextCursor" not in body
    first, second = body["deliveries"]
    assert first["deliveryID"] == newer.pk and first["attempts"] == []
    assert first["status"] == "pending" and first["eventType"] == "webhook.test"
    assert second["deliveryID"] == older.pk and second["status"] == "delivered"
    assert second["eventID"] == older.event_id and "deliveredOn" in second
    failed, ok = second["attempts"]
    assert failed["number"] == 1 and failed["statusCode"] == 503
    assert failed["error"] == "HTTP 503" and failed["responseExcerpt"] == "busy"
    assert ok == {
        "number": 2,
        "startedOn": ok["startedOn"],
        "finishedOn": ok["finishedOn"],
        "statusCode": 204,
        "latencyMs": 9,
    }


def test_deliveries_page_by_cursor_bound_to_the_endpoint(provider, endpoint):
    owed = _owed(provider, endpoint, 5)
    first = deliveries(provider, endpoint.pk, "?limit=2").json()
    assert [d["deliveryID"] for d in first["deliveries"]] == [d.pk for d in owed[:2:-1]][:2]
    rest = deliveries(provider, endpoint.pk, f"?limit=10&cursor={first['nextCursor']}").json()
    assert [d["deliveryID"] for d in rest["deliveries"]] == [d.pk for d in owed[2::-1]]
    other, _ = services.create_endpoint(provider_id=provider.id, url=HOOK)
    response = deliveries(provider, other.pk, f"?cursor={first['nextCursor']}")
    assert response.status_code == 400
    assert response.json()["type"].endswith("/errors#invalid-cursor")
    assert deliveries(provider, endpoint.pk, "?limit=0").status_code == 400
