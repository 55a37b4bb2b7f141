"""Where webhooks may go: every IPv6 form that carries a forbidden IPv4 address, site-local
IPv6, numeric and dotted-short IPv4 and localhost spellings are refused, at registration over
the HTTP API (the same 422 problem as any refused URL) and at send time; a name that does not
resolve yet is accepted at registration."""

import socket

import pytest

from events import addresses
from events.models import WebhookEndpoint

REFUSED = "url must not point at a loopback, private, link-local or other special-purpose address."

EMBEDDED_OR_SITE_LOCAL = [
    "::127.0.0.1",  # IPv4-compatible
    "::a9fe:a9fe",  # IPv4-compatible 169.254.169.254
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:0:7f00:1",  # IPv4-translated 127.0.0.1
    "64:ff9b::7f00:1",  # NAT64 127.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 169.254.169.254
    "64:ff9b:1::a00:1",  # local-use NAT64
    "2002:7f00:1::",  # 6to4 127.0.0.1
    "2002:a9fe:a9fe::1",  # 6to4 169.254.169.254
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1
    "fec0::1",  # site-local
    "fe80::1",
    "::1",
    "fc00::1",
    "ff02::1",
]

NUMERIC_OR_LOCAL_NAMES = [
    "2130706433",
    "0x7f000001",
    "127.1",
    "0177.0.0.1",
    "10.1",
    "localhost.",
    "LOCALHOST",
    "api.localhost",
]


@pytest.mark.parametrize("address", EMBEDDED_OR_SITE_LOCAL)
def test_ipv6_forms_that_embed_a_forbidden_ipv4_or_are_local_are_blocked(address):
    assert addresses.blocked(address)


@pytest.mark.parametrize(
    "address", ["93.184.216.34", "2606:2800:220:1::1", "::ffff:93.184.216.34", "64:ff9b::5db8:d822"]
)
def test_public_addresses_and_public_translations_are_allowed(address):
    assert not addresses.blocked(address)


@pytest.mark.parametrize("address", EMBEDDED_OR_SITE_LOCAL)
def test_each_form_is_refused_at_registration_over_the_api(provider, address):
    _assert_refused(provider, f"https://[{address}]/hook")


@pytest.mark.parametrize("host", NUMERIC_OR_LOCAL_NAMES)
def test_numeric_and_local_names_are_refused_at_registration(provider, host):
    _assert_refused(provider, f"https://{host}/hook")


def test_a_name_that_resolves_to_a_forbidden_address_is_refused_at_registration(
    provider, monkeypatch
):
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda host, port, **kw: [
            (socket.AF_INET6, 1, 6, "", ("2606:2800:220:1::1", port, 0, 0)),
            (socket.AF_INET, 1, 6, "", ("10.0.0.7", port)),
        ],
    )
    _assert_refused(provider, "https://inside.example/hook")


def test_a_name_that_does_not_resolve_yet_is_accepted_at_registration(provider):
    # The tests' resolver answers no name (tests/conftest.py): this one does not resolve.
    response = _register(provider, "https://not-yet.example/hook")
    assert response.status_code == 201, response.content
    with pytest.raises(addresses.UnsafeURL, match="does not resolve"):
        addresses.pin("https://not-yet.example/hook")


def test_an_allowed_network_admits_its_addresses_only(settings, monkeypatch):
    settings.WEBHOOK_ALLOWED_NETWORKS = ["10.20.0.0/16"]
    answers = {"in.example": "10.20.1.2", "out.example": "10.21.1.2"}
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda host, port, **kw: [(socket.AF_INET, 1, 6, "", (answers[host], port))],
    )
    assert addresses.pin("https://in.example/h").addresses == ("10.20.1.2",)
    with pytest.raises(addresses.UnsafeURL):
        addresses.pin("https://out.example/h")


def _register(provider, url):
    return provider.client.post(
        provider.url("/webhook-endpoints"), {"url": url}, format="json", HTTP_X_IDEMPOTENCY_KEY=url
    )


def _assert_refused(provider, url):
    response = _register(provider, url)
    assert response.status_code == 422, response.content
    assert response["Content-Type"] == "application/problem+json"
    problem = response.json()
    assert problem["errors"] == [{"pointer": "/url", "detail": REFUSED}]
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "https://intranet/hook",  # one label: no public name
        "https://hooks.example.123/h",  # a top-level domain is never numeric
        "https://0.0.AA*/h",
        "https://hooks.example.com/a b",
        "https://hooks.example.com:/h",
        "https://hooks.example.com:123456/h",
    ],
)
def test_a_url_outside_the_documented_form_is_refused(provider, url):
    response = _register(provider, url)
    assert response.status_code == 422, response.content
    assert response.json()["errors"][0]["pointer"] == "/url"
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "https://hooks.example.com/h?x=1",
        "https://HOOKS.Example.com.:8443/h",
        "https://93.184.215.14/h",
        "https://xn--bcher-kva.xn--p1ai/h",
    ],
)
def test_the_documented_form_is_accepted(provider, url, monkeypatch):
    monkeypatch.setattr("events.addresses.outbound.resolve", lambda host, port: [])
    assert _register(provider, url).status_code == 201
