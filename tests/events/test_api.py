"""The event feed and webhook endpoints over HTTP: shapes, order, filters, secrets shown
once, scopes, tenancy, and the URL rules outside DEBUG."""

from datetime import timedelta

import pytest
from django.utils import timezone

from events import services
from events.models import Event, WebhookEndpoint
from tests.participants.factories import create_participant
from tests.problems import assert_not_found

HOOK = "https://hooks.example.com/provider"


def _post(ctx, suffix, body=None, key="k-1", client=None):
    return (client or ctx.client).post(
        ctx.url(suffix), body or {}, format="json", HTTP_X_IDEMPOTENCY_KEY=key
    )


def _problem(response, status):
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/problem+json"
    return response.json()


def test_the_feed_is_oldest_first_and_resumes_from_its_cursor(provider):
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url=HOOK)
    sent = [services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk) for _ in range(5)]
    first = provider.client.get(provider.url("/events?limit=2")).json()
    assert [e["eventID"] for e in first["events"]] == [e.pk for e in sent[:2]]
    assert first["hasMore"] is True
    rest = provider.client.get(
        provider.url(f"/events?limit=10&cursor={first['nextCursor']}")
    ).json()
    assert [e["eventID"] for e in rest["events"]] == [e.pk for e in sent[2:]]
    assert rest["hasMore"] is False and "nextCursor" not in rest
    one = rest["events"][0]
    assert set(one) == {"type", "eventID", "createdOn", "data"}
    assert one["type"] == "webhook.test" and one["data"]["endpointID"] == endpoint.pk


def test_the_feed_filters_by_repeated_type_and_created_range(provider):
    create_participant(provider)
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url=HOOK)
    services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    both = provider.client.get(
        provider.url("/events?type=webhook.test&type=participant.activated")
    ).json()["events"]
    assert {e["type"] for e in both} <= {"webhook.test", "participant.activated"}
    assert "webhook.test" in {e["type"] for e in both}
    later = (timezone.now() + timedelta(minutes=1)).isoformat().replace("+00:00", "Z")
    assert provider.client.get(provider.url(f"/events?createdFrom={later}")).json()["events"] == []
    assert provider.client.get(provider.url(f"/events?createdTo={later}")).json()["events"]


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("type=payout.created", 422),
        ("createdFrom=yesterday", 422),
        ("createdFrom=2026-01-02T00:00:00Z&createdTo=2026-01-01T00:00:00Z", 400),
        ("limit=0", 400),
        ("cursor=forged", 400),
    ],
)
def test_bad_feed_queries_are_problems(provider, query, status):
    _problem(provider.client.get(provider.url(f"/events?{query}")), status)


def test_one_event_and_another_providers_event(provider, other_provider):
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url=HOOK)
    event = services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    body = provider.client.get(provider.url(f"/events/{event.pk}")).json()
    assert body == event.payload()
    foreign = other_provider.client.get(other_provider.url(f"/events/{event.pk}"))
    assert_not_found(foreign, "No event with that ID exists for this provider.")
    assert other_provider.client.get(other_provider.url("/events")).json()["events"] == []


def test_registering_an_endpoint_shows_the_secret_once(provider):
    response = _post(
        provider,
        "/webhook-endpoints",
        {"url": HOOK, "eventTypes": ["relationship.suspended"], "description": "Ops"},
    )
    assert response.status_code == 201
    created = response.json()
    assert created["endpointID"].startswith("whe_") and created["secret"].startswith("whsec_")
    assert created["eventTypes"] == ["relationship.suspended"]
    assert created["status"] == "enabled" and created["description"] == "Ops"
    replay = _post(
        provider,
        "/webhook-endpoints",
        {"url": HOOK, "eventTypes": ["relationship.suspended"], "description": "Ops"},
    )
    assert replay.json() == created  # a retried create gets the secret it missed
    assert WebhookEndpoint.objects.count() == 1

    listed = provider.client.get(provider.url("/webhook-endpoints")).json()
    assert [e["endpointID"] for e in listed["webhookEndpoints"]] == [created["endpointID"]]
    one = provider.client.get(provider.url(f"/webhook-endpoints/{created['endpointID']}"))
    assert "secret" not in one.json() and "secret" not in listed["webhookEndpoints"][0]
    assert created["secret"] not in one.content.decode()
    stored = WebhookEndpoint.objects.get()
    assert created["secret"] not in stored.sealed_secret  # sealed at rest


def test_deleting_an_endpoint_stops_its_deliveries(provider):
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url=HOOK)
    services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    path = provider.url(f"/webhook-endpoints/{endpoint.pk}")
    assert provider.client.delete(path).status_code == 204
    gone = provider.client.get(path)
    assert_not_found(gone, "No webhook endpoint with that ID exists for this provider.")
    # A repeated delete changes nothing and answers as the first (as limit groups and
    # funding sources do); an endpoint that never existed is still 404.
    assert provider.client.delete(path).status_code == 204
    never = provider.client.delete(
        provider.url("/webhook-endpoints/whe_01JZZZZZZZZZZZZZZZZZZZZZZZ")
    )
    assert_not_found(never, "No webhook endpoint with that ID exists for this provider.")
    assert endpoint.deliveries.get().status == "cancelled"
    assert provider.client.get(provider.url("/webhook-endpoints")).json()["webhookEndpoints"] == []


def test_tests_and_redeliveries_answer_202_with_what_they_sent(provider):
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url=HOOK)
    response = _post(provider, f"/webhook-endpoints/{endpoint.pk}/tests", key="t-1")
    assert response.status_code == 202
    event_id = response.json()["eventID"]
    assert Event.objects.get(pk=event_id).type == "webhook.test"
    again = _post(provider, f"/events/{event_id}/redeliveries", key="r-1")
    assert again.status_code == 202
    assert again.json() == {"eventID": event_id, "endpointIDs": [endpoint.pk]}
    assert endpoint.deliveries.count() == 2


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://10.1.2.3/hook",
        "https://192.168.0.9/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "https://[::ffff:10.0.0.1]/hook",
        "https://100.64.0.1/hook",
        "https://localhost/hook",
        "http://hooks.example.com/hook",
        "https://user:pass@hooks.example.com/hook",
        "ftp://hooks.example.com/hook",
        "not a url",
    ],
)
def test_unsafe_urls_are_refused_outside_debug(provider, url):
    problem = _problem(_post(provider, "/webhook-endpoints", {"url": url}, key=url), 422)
    assert problem["errors"][0]["pointer"] == "/url"
    assert not WebhookEndpoint.objects.exists()


def test_an_allowed_host_and_debug_admit_local_receivers(provider, settings):
    settings.WEBHOOK_ALLOWED_HOSTS = ["10.1.2.3"]
    assert (
        _post(provider, "/webhook-endpoints", {"url": "https://10.1.2.3/h"}, "a").status_code == 201
    )
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    assert (
        _post(provider, "/webhook-endpoints", {"url": "http://127.0.0.1:9/h"}, "b").status_code
        == 201
    )


def test_a_name_that_resolves_to_a_private_address_is_refused_at_send_time(provider, monkeypatch):
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url="https://rebind.example/h")
    event = services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    monkeypatch.setattr(
        "events.addresses.socket.getaddrinfo",
        lambda host, port, **kw: [(2, 1, 6, "", ("10.0.0.7", port))],
    )
    from events import delivery

    result = delivery.attempt(event.deliveries.get().pk)
    [attempt] = result.attempt_log.all()
    assert attempt.status_code is None and attempt.error.startswith("refused: url must not point")


def test_unknown_event_types_are_refused(provider):
    problem = _problem(
        _post(provider, "/webhook-endpoints", {"url": HOOK, "eventTypes": ["nope"]}), 422
    )
    assert problem["errors"][0]["pointer"] == "/eventTypes/0"


@pytest.mark.parametrize(
    ("method", "suffix", "scope"),
    [
        ("get", "/events", "events.read"),
        ("get", "/webhook-endpoints", "webhooks.read"),
        ("post", "/webhook-endpoints", "webhooks.write"),
    ],
)
def test_each_route_needs_its_scope(provider, method, suffix, scope):
    client = provider.client_with_scopes("participants.read")
    if method == "get":
        response = client.get(provider.url(suffix))
    else:
        response = _post(provider, suffix, {"url": HOOK}, client=client)
    assert scope in _problem(response, 403)["detail"]
    allowed = provider.client_with_scopes(scope)
    if method == "get":
        assert allowed.get(provider.url(suffix)).status_code == 200
    else:
        assert _post(provider, suffix, {"url": HOOK}, client=allowed).status_code == 201
