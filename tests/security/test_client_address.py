"""Which address a staff login counts against: the peer, or behind a trusted proxy the
right-most forwarded address that is not a trusted proxy."""

from django.test import RequestFactory, override_settings

from security.lockout import client_address


def _request(peer, forwarded=None):
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    return RequestFactory().post("/admin/login/", REMOTE_ADDR=peer, **extra)


def test_without_trusted_proxies_the_peer_counts_and_forwarded_is_ignored():
    assert client_address(_request("198.51.100.1", "203.0.113.5")) == "198.51.100.1"


@override_settings(STAFF_TRUSTED_PROXIES=["127.0.0.1/32", "10.0.0.0/8"])
def test_behind_trusted_proxies_the_last_untrusted_hop_counts():
    # A client-supplied left-most entry cannot choose the address counted.
    assert client_address(_request("127.0.0.1", "1.2.3.4, 203.0.113.5, 10.1.1.1")) == (
        "203.0.113.5"
    )
    assert client_address(_request("127.0.0.1")) == "127.0.0.1"
    assert client_address(_request("127.0.0.1", "garbage")) == "127.0.0.1"
    # A peer that is not a trusted proxy is believed over what it forwards.
    assert client_address(_request("198.51.100.1", "203.0.113.5")) == "198.51.100.1"
