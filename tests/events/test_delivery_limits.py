"""A webhook attempt is bounded: a receiver that trickles its reply ends the attempt at the
deadline, a receiver that streams 2 GiB costs no memory, and the connection goes to the
address that was checked, resolved once per attempt (no DNS rebinding)."""

import socket
import time

from events import delivery, services
from events.models import WebhookEndpoint
from tests.common.servers import plain, reset_peak_rss, rss_kb, stream, trickle


def _attempt(provider, url):
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url=url)
    event = services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    found = delivery.attempt(event.deliveries.get().pk)
    return found, found.attempt_log.order_by("-number").first()


def test_a_trickling_reply_ends_the_attempt_at_the_deadline(
    provider, raw_servers, local_webhooks, settings
):
    settings.WEBHOOK_DEADLINE_MS = 2000  # the read timeout (10 s) never fires: the deadline does
    server = raw_servers(trickle(status=200, length=1_000_000, every=1.0))
    started = time.monotonic()
    found, attempt = _attempt(provider, server.url())
    took = time.monotonic() - started
    assert 1.0 <= took <= 3.0, took
    assert 1900 <= attempt.latency_ms <= 3000
    # The status decides; the excerpt is what arrived before the deadline.
    assert attempt.status_code == 200 and 1 <= len(attempt.response_excerpt) <= 3
    assert found.status == "delivered"


def test_a_trickling_error_reply_is_a_failed_attempt_at_the_deadline(
    provider, raw_servers, local_webhooks, settings
):
    settings.WEBHOOK_DEADLINE_MS = 1500
    server = raw_servers(trickle(status=503, length=1_000_000, every=1.0))
    started = time.monotonic()
    found, attempt = _attempt(provider, server.url())
    assert time.monotonic() - started <= 2.5
    assert attempt.status_code == 503 and found.status == "pending"


def test_a_2_gib_reply_is_recorded_by_its_status_and_excerpt_and_memory_stays_flat(
    provider, raw_servers, local_webhooks
):
    server = raw_servers(stream(status=200, total=2 * 1024**3, fill=b"ok "))
    peak = reset_peak_rss()
    before = rss_kb()
    found, attempt = _attempt(provider, server.url())
    after = rss_kb("VmHWM" if peak else "VmRSS")
    assert after - before < 50 * 1024, (before, after)
    assert attempt.status_code == 200 and found.status == "delivered"
    assert attempt.response_excerpt == ("ok " * 200)[:500]


def test_a_name_that_rebinds_never_reaches_the_second_address(
    provider, raw_servers, settings, monkeypatch
):
    """The name answers 127.0.0.2 (allowed here by WEBHOOK_ALLOWED_NETWORKS) and then
    127.0.0.1 (loopback: forbidden). The POST goes to 127.0.0.2 only, the name is resolved once
    per attempt, and the next attempt, which resolves 127.0.0.1, is refused."""
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    settings.WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.2/32"]
    allowed, forbidden = _two_listeners_on_one_port(raw_servers)
    url = f"http://rebind.test:{allowed.port}/hooks"
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url=url)  # unresolvable yet

    system = socket.getaddrinfo
    asked = []

    def rebinding(host, port, *args, **kwargs):
        if host != "rebind.test":
            return system(host, port, *args, **kwargs)
        asked.append(host)
        address = "127.0.0.2" if len(asked) == 1 else "127.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    first = services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    found = delivery.attempt(first.deliveries.get().pk)
    assert found.status == "delivered"
    assert len(allowed.requests) == 1 and forbidden.requests == []
    assert allowed.requests[0].header("Host") == f"rebind.test:{allowed.port}"
    assert asked == ["rebind.test"]  # once for the check and the connection together

    second = services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    found = delivery.attempt(second.deliveries.get().pk)
    [attempt] = found.attempt_log.all()
    assert attempt.error.startswith("refused: url must not point")
    assert forbidden.requests == [] and len(allowed.requests) == 1
    assert asked == ["rebind.test"] * 2
    assert WebhookEndpoint.objects.get().status == "enabled"


def _two_listeners_on_one_port(raw_servers):
    """One server on 127.0.0.2 and one on 127.0.0.1, on the same port."""
    while True:
        allowed = raw_servers(plain(204), host="127.0.0.2")
        try:
            return allowed, raw_servers(plain(204), host="127.0.0.1", port=allowed.port)
        except OSError:
            allowed.close()  # that port is taken on 127.0.0.1: another pair
