"""common.outbound against real loopback servers that misbehave: the deadline holds however
the reply trickles, the size cap holds however much is sent, nothing is followed, and the
connection goes to the addresses given, with the URL's name in Host, SNI and the certificate
check."""

import socket
import time

import pytest

from common import outbound
from tests.common import tls
from tests.common.servers import (
    plain,
    reset_peak_rss,
    rss_kb,
    stream,
    trickle,
    trickle_headers,
)

LIMITS = {"connect_timeout": 1.0, "read_timeout": 10.0}


def post(url, *, deadline_s=5.0, max_bytes=1000, **kwargs):
    return outbound.post(
        url,
        body=b"{}",
        headers={"Content-Type": "application/json"},
        deadline=time.monotonic() + deadline_s,
        max_bytes=max_bytes,
        **{**LIMITS, **kwargs},
    )


def test_a_plain_reply_is_read_whole(raw_servers):
    server = raw_servers(plain(201, b"created", "X-Thing: 1\r\n"))
    reply = post(server.url("/hooks?a=1"))
    assert (reply.status, reply.body, reply.ended) == (201, b"created", outbound.COMPLETE)
    assert reply.headers["X-Thing"] == "1" and reply.text() == "created"
    [request] = server.requests
    assert request.head.startswith("POST /hooks?a=1 HTTP/1.1")
    assert request.body == b"{}" and request.header("Accept-Encoding") == "identity"


def test_a_body_trickling_one_byte_a_second_ends_at_the_deadline(raw_servers):
    server = raw_servers(trickle(length=1_000_000, every=1.0))
    started = time.monotonic()
    reply = post(server.url(), deadline_s=2.0, max_bytes=2000)
    took = time.monotonic() - started
    assert 1.0 <= took <= 3.0, took
    assert reply.status == 200 and reply.ended == outbound.TIMED_OUT
    assert 1 <= len(reply.body) <= 3


def test_headers_trickling_one_byte_a_second_end_at_the_deadline(raw_servers):
    server = raw_servers(trickle_headers(every=1.0))
    started = time.monotonic()
    with pytest.raises(outbound.Timeout):
        post(server.url(), deadline_s=2.0)
    assert 1.0 <= time.monotonic() - started <= 3.0


def test_a_silent_peer_ends_at_the_read_timeout(raw_servers):
    server = raw_servers(lambda conn: time.sleep(5))
    started = time.monotonic()
    with pytest.raises(outbound.Timeout):
        post(server.url(), read_timeout=0.3)
    assert time.monotonic() - started < 2


def test_a_2_gib_reply_is_cut_at_the_cap_and_memory_stays_flat(raw_servers):
    server = raw_servers(stream(total=2 * 1024**3))
    peak = reset_peak_rss()
    before = rss_kb()
    started = time.monotonic()
    reply = post(server.url(), max_bytes=128 * 1024)
    after = rss_kb("VmHWM" if peak else "VmRSS")
    assert reply.status == 200 and reply.ended == outbound.OVER_CAP
    assert len(reply.body) == 128 * 1024
    assert after - before < 50 * 1024, (before, after)
    assert time.monotonic() - started < 5


def test_a_redirect_is_returned_not_followed(raw_servers):
    target = raw_servers(plain(200))
    server = raw_servers(plain(302, b"", f"Location: {target.url()}\r\n"))
    reply = post(server.url())
    assert reply.status == 302 and reply.headers["Location"] == target.url()
    assert len(server.requests) == 1 and target.requests == []


def test_the_connection_goes_to_the_given_address_with_the_url_host(raw_servers, monkeypatch):
    there = raw_servers(plain(204), host="127.0.0.2")
    asked = []
    system = socket.getaddrinfo
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda host, *a, **k: asked.append(host) or system(host, *a, **k)
    )
    reply = post(f"http://hooks.test:{there.port}/h", addresses=["127.0.0.2"])
    assert reply.status == 204 and reply.address == "127.0.0.2"
    assert there.requests[0].header("Host") == f"hooks.test:{there.port}"
    assert "hooks.test" not in asked  # the name is never resolved again


def test_the_next_address_is_tried_when_one_refuses(raw_servers):
    server = raw_servers(plain(204))
    reply = post(f"http://hooks.test:{server.port}/h", addresses=["127.0.0.3", "127.0.0.1"])
    assert reply.status == 204 and reply.address == "127.0.0.1"


def test_without_addresses_the_host_is_resolved_once(raw_servers, monkeypatch):
    server = raw_servers(plain(204))
    calls = []
    system = socket.getaddrinfo

    def counting(host, *args, **kwargs):
        calls.append(host)
        return system("127.0.0.1", *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", counting)
    assert post(server.url(host="hooks.test")).status == 204
    assert calls.count("hooks.test") == 1


def test_an_unresolvable_host_and_a_closed_port_are_errors(raw_servers):
    with pytest.raises(outbound.Unresolvable):
        post("http://nowhere.test/h")
    closed = socket.create_server(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    with pytest.raises(outbound.ConnectionFailed):
        post(f"http://127.0.0.1:{port}/h")


def test_https_pinned_sends_the_name_as_sni_and_checks_the_certificate(raw_servers, tmp_path):
    cert, key = tls.certificate(tmp_path, "hooks.test")
    names = []
    server = raw_servers(plain(200, b"tls"), tls=tls.server_context(cert, key, names))
    url = f"https://hooks.test:{server.port}/h"
    reply = post(url, addresses=["127.0.0.1"], tls_context=tls.client_context(cert))
    assert (reply.status, reply.body) == (200, b"tls")
    assert names == ["hooks.test"]
    assert server.requests[0].header("Host") == f"hooks.test:{server.port}"


def test_https_refuses_a_certificate_for_another_name(raw_servers, tmp_path):
    cert, key = tls.certificate(tmp_path, "other.test")
    server = raw_servers(plain(200), tls=tls.server_context(cert, key, []))
    with pytest.raises(outbound.ConnectionFailed, match=r"CERTIFICATE_VERIFY_FAILED|match"):
        post(
            f"https://hooks.test:{server.port}/h",
            addresses=["127.0.0.1"],
            tls_context=tls.client_context(cert),
        )
    assert server.requests == []
