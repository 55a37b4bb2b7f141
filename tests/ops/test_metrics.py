"""/metrics: the Prometheus text format (parsed with prometheus_client's own parser), request
counts by route template, the backlog gauges, and access kept off the public API."""

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.reviews.factories import pending_review

ROUTE = "/providers/{providerID}/participants"


def _families(response) -> dict:
    assert response.status_code == 200, response.content
    return {f.name: f for f in text_string_to_metric_families(response.content.decode())}


def _count(families, route, method="GET", status="200") -> float:
    samples = families["http_requests"].samples
    return sum(
        s.value
        for s in samples
        if s.name == "http_requests_total"
        and s.labels == {"route": route, "method": method, "status": status}
    )


@pytest.fixture(autouse=True)
def loopback_scrapes(settings):
    """A Prometheus on this host, as an operator opts in (outside DEBUG nothing is trusted by
    default: see the tests at the end)."""
    settings.METRICS_ALLOWED_NETWORKS = ["127.0.0.1/32", "::1/128"]


def test_a_request_is_counted_by_its_route_template(client, provider):
    before = _count(_families(client.get("/metrics")), ROUTE)
    assert provider.client.get(provider.url("/participants")).status_code == 200
    families = _families(client.get("/metrics"))
    assert _count(families, ROUTE) == before + 1
    routes = {s.labels.get("route") for s in families["http_requests"].samples}
    assert not any(provider.id in (route or "") for route in routes)  # never a raw path
    histogram = families["http_request_duration_seconds"].samples
    assert any(s.labels.get("route") == ROUTE for s in histogram)


def test_the_backlog_gauges_read_the_database(client, provider):
    pending_review(provider.provider)
    families = _families(client.get("/metrics"))
    [pending] = families["participant_reviews_pending"].samples
    assert pending.value == 1
    for name in ("review_commands", "webhook_deliveries", "payment_reviews"):
        assert f"{name}_pending" in families and f"{name}_oldest_age_seconds" in families


def test_metrics_need_the_token_when_one_is_set(client, db, settings):
    settings.METRICS_TOKEN = "scrape-secret"
    denied = client.get("/metrics")
    assert denied.status_code == 403
    assert denied["Content-Type"] == "application/problem+json"
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 403
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer scrape-secret").status_code == 200


@pytest.mark.parametrize("address", ["203.0.113.9", "10.0.0.4"])
def test_without_a_token_only_the_allowed_networks_may_scrape(client, db, address):
    assert client.get("/metrics", REMOTE_ADDR=address).status_code == 403
    assert client.get("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 200


def test_a_proxied_request_is_not_trusted_by_its_peer_address(client, db):
    relayed = client.get("/metrics", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert relayed.status_code == 403
    forwarded = client.get("/metrics", REMOTE_ADDR="127.0.0.1", HTTP_FORWARDED="for=203.0.113.9")
    assert forwarded.status_code == 403


def test_with_debug_off_and_no_setting_every_scrape_is_refused(client, db, settings):
    """The defaults outside DEBUG (these tests run with DEBUG off): no token, no network."""
    from config import settings as config_settings

    assert config_settings.DEBUG is False and config_settings.METRICS_ALLOWED_NETWORKS == []
    assert not config_settings.METRICS_TOKEN
    settings.METRICS_ALLOWED_NETWORKS = config_settings.METRICS_ALLOWED_NETWORKS
    settings.METRICS_TOKEN = config_settings.METRICS_TOKEN
    for address in ("127.0.0.1", "::1", "203.0.113.9"):
        denied = client.get("/metrics", REMOTE_ADDR=address)
        assert denied.status_code == 403
        assert "Set METRICS_TOKEN" in denied.json()["detail"]


def test_the_token_works_with_debug_off_and_no_networks(client, db, settings):
    settings.METRICS_ALLOWED_NETWORKS = []
    settings.METRICS_TOKEN = "scrape-secret"
    assert client.get("/metrics").status_code == 403
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer scrape-secret").status_code == 200
