"""Where webhooks may be sent: no server-side request forgery.

Outside DEBUG a URL must be https and its host must resolve only to public (global) addresses:
loopback, private, link-local (cloud metadata at 169.254.169.254 included), shared, reserved
and multicast ranges are refused, when the endpoint is registered and again before every
send (a name can start resolving elsewhere). `WEBHOOK_ALLOWED_HOSTS` exempts named hosts
(a provider's receiver inside a private network, by agreement)."""

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

MAX_URL_LENGTH = 2048


class UnsafeURL(ValueError):
    """A URL the service will not send to; the message says why."""


def _blocked(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not ip.is_global or ip.is_multicast


def _resolve(host: str, port: int) -> list[str]:
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        return []
    return sorted({info[4][0] for info in infos})


def check(url: str, *, resolve: bool) -> None:
    """Raise UnsafeURL unless the service may send to `url`. With `resolve`, a host name must
    resolve, and only to allowed addresses; without it (registration), an unresolvable name is
    accepted and checked at send time."""
    if len(url) > MAX_URL_LENGTH:
        raise UnsafeURL(f"must be at most {MAX_URL_LENGTH} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise UnsafeURL("is not a valid URL") from None
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise UnsafeURL("must be an absolute http(s) URL")
    if parts.scheme != "https" and settings.WEBHOOK_REQUIRE_HTTPS:
        raise UnsafeURL("must use https")
    if parts.username or parts.password:
        raise UnsafeURL("must not carry credentials")
    if parts.fragment:
        raise UnsafeURL("must not have a fragment")
    host = parts.hostname
    if settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES or host in settings.WEBHOOK_ALLOWED_HOSTS:
        return
    try:
        literal = [str(ipaddress.ip_address(host))]
    except ValueError:
        literal = None
    if literal is None and host.lower() in ("localhost", "localhost.localdomain"):
        raise UnsafeURL("must not point at a loopback, private or link-local address")
    addresses = literal or (_resolve(host, port or 443) if resolve else [])
    if resolve and not addresses:
        raise UnsafeURL(f"host {host} does not resolve")
    if any(_blocked(address) for address in addresses):
        raise UnsafeURL("must not point at a loopback, private or link-local address")
