"""Webhook destinations against the project's own table of special-purpose ranges
(common.special_addresses), not the runtime's `is_global`, and the port policy: each range
and a denied or well-known port is refused at registration over the HTTP API (422 naming
/url) and at send time (nothing connected); an ordinary public https URL is accepted."""

import ipaddress

import pytest

from common import special_addresses
from events import addresses, delivery, services
from events.models import WebhookEndpoint

ROWS = special_addresses.IPV4 + special_addresses.IPV6
REFUSED = "url must not point at a loopback, private, link-local or other special-purpose address."


def inside(row) -> str:
    """An address in the row's range: its middle one (its only one for a /32 or /128)."""
    network = row.network
    return str(network[network.num_addresses // 2])


def url_of(address: str, port: str = "") -> str:
    host = f"[{address}]" if ":" in address else address
    return f"https://{host}{port}/hook"


def register(provider, url):
    return provider.client.post(
        provider.url("/webhook-endpoints"), {"url": url}, format="json", HTTP_X_IDEMPOTENCY_KEY=url
    )


def refused_at_registration(provider, url) -> str:
    response = register(provider, url)
    assert response.status_code == 422, response.content
    assert response["Content-Type"] == "application/problem+json"
    [error] = response.json()["errors"]
    assert error["pointer"] == "/url"
    assert not WebhookEndpoint.objects.exists()
    return error["detail"]


def refused_at_send_time(provider, monkeypatch, url, resolves_to: str | None = None) -> str:
    """The error of a delivery to an endpoint stored with `url` (as if registered before the
    rule), its host resolving to `resolves_to`; nothing may be connected to."""
    # Registered while its name did not resolve yet, then given the URL as stored.
    endpoint, _ = services.create_endpoint(provider_id=provider.id, url="https://later.example/h")
    WebhookEndpoint.objects.filter(pk=endpoint.pk).update(url=url)
    if resolves_to is not None:
        monkeypatch.setattr("events.addresses.outbound.resolve", lambda host, port: [resolves_to])

    def never(*args, **kwargs):
        raise AssertionError("a refused destination was connected to")

    monkeypatch.setattr("events.delivery.outbound.post", never)
    event = services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
    [attempt] = delivery.attempt(event.deliveries.get().pk).attempt_log.all()
    assert attempt.status_code is None
    return attempt.error


@pytest.mark.parametrize("row", ROWS, ids=lambda row: f"{row.network} {row.name}")
def test_every_special_purpose_range_is_refused_at_registration(provider, row):
    address = inside(row)
    if row.carries_ipv4:  # a translation prefix: refused for the refused IPv4 it carries
        carried = int(ipaddress.ip_address("192.0.0.8"))
        if row.network.prefixlen == 16:
            address = str(row.network[carried << 80])  # 6to4: the bits after the prefix
        else:
            address = str(row.network[carried])
    assert refused_at_registration(provider, url_of(address)) == REFUSED


@pytest.mark.parametrize(
    "address",
    [
        "192.0.0.8",  # IPv4 dummy address: Python 3.11.7 calls it global
        "192.0.0.100",  # IETF Protocol Assignments
        "192.0.0.9",  # PCP anycast: globally reachable, still no web server
        "198.18.0.1",
        "198.19.255.254",  # Benchmarking, both /16s
        "100.64.0.1",
        "100.127.255.254",  # Shared Address Space
        "192.88.99.1",  # 6to4 relay anycast (deprecated)
        "2001:2::1",  # Benchmarking (IPv6)
        "2001:1::3",  # DNS-SD SRP anycast
        "2001:20::1",  # ORCHIDv2
        "2001:30::1",  # DETs
        "2001:db8::1",
        "3fff::1",  # Documentation (2024)
        "5f00::1",  # SRv6 SIDs
        "100:0:0:1::1",  # Dummy IPv6 Prefix
        "64:ff9b:1::c633:6401",  # local-use NAT64
        "64:ff9b::c000:8",  # NAT64 of 192.0.0.8
        "::ffff:198.18.0.1",  # IPv4-mapped benchmarking address
        "2002:c000:0008::1",  # 6to4 of 192.0.0.8
        "4000::1",  # outside Global Unicast
    ],
)
def test_the_named_ranges_are_refused_at_registration_and_at_send_time(
    provider, monkeypatch, address
):
    assert addresses.blocked(address)
    assert refused_at_registration(provider, url_of(address)) == REFUSED
    error = refused_at_send_time(provider, monkeypatch, "https://rebind.example/h", address)
    assert error == f"refused: {REFUSED}".rstrip(".")


@pytest.mark.parametrize(
    "port, detail",
    [
        (":22", "url port 22 is not allowed"),
        (":80", "url port 80 is not allowed"),
        (":0", "url port 0 is not allowed"),
        (":1023", "url port 1023 is not allowed"),
        (":6379", "url port 6379 (Redis) is not allowed"),
        (":5432", "url port 5432 (PostgreSQL) is not allowed"),
    ],
)
def test_a_port_outside_the_policy_is_refused_at_registration_and_at_send_time(
    provider, monkeypatch, port, detail
):
    url = f"https://hooks.example.com{port}/h"
    expected = f"{detail}: use 443, or a port from 1024 to 65535 that is not denied."
    assert refused_at_registration(provider, url) == expected
    error = refused_at_send_time(provider, monkeypatch, url, "93.184.215.14")
    assert error == f"refused: {expected}".rstrip(".")


@pytest.mark.parametrize(
    "url",
    [
        "https://hooks.example.com/h",
        "https://hooks.example.com:443/h",
        "https://hooks.example.com:8443/h",
        "https://hooks.example.com:65535/h",
        "https://93.184.215.14/h",
        "https://[2606:2800:220:1::1]/h",
    ],
)
def test_an_ordinary_public_https_url_is_accepted(provider, monkeypatch, url):
    monkeypatch.setattr("events.addresses.outbound.resolve", lambda host, port: ["93.184.215.14"])
    response = register(provider, url)
    assert response.status_code == 201, response.content
    assert addresses.pin(url).url == url


def test_debug_admits_any_port_of_a_local_receiver(provider, settings):
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    assert register(provider, "http://127.0.0.1:9/h").status_code == 201
