"""Where webhooks may be sent: no server-side request forgery.

Outside DEBUG a URL must be https and every address its host resolves to must be public
(global): loopback, private, link-local (cloud metadata at 169.254.169.254 included), shared,
reserved, site-local and multicast ranges are refused, and so is an IPv6 address that embeds
one of them (IPv4-mapped, NAT64, 6to4, Teredo) or that only embeds an IPv4 address
(IPv4-compatible, IPv4-translated, local-use NAT64). Checked when the endpoint is registered
and again before every send, where the addresses checked are the ones connected to (`pin`):
the host is resolved once per attempt. `WEBHOOK_ALLOWED_HOSTS` exempts named hosts and
`WEBHOOK_ALLOWED_NETWORKS` address ranges (a provider's receiver inside a private network, by
agreement); `WEBHOOK_ALLOW_PRIVATE_ADDRESSES` (DEBUG) exempts everything. Exempt or not, a send
connects only to the addresses resolved for it."""

import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from common import outbound

MAX_URL_LENGTH = 2048
REFUSED = "must not point at a loopback, private or link-local address"
LOCAL_NAMES = ("localhost", "localhost.localdomain")

IPv4 = ipaddress.IPv4Address
IPv6 = ipaddress.IPv6Address
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")  # deprecated (RFC 4291), never routed
_IPV4_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")  # RFC 2765, never routed
_NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052 well-known prefix
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")  # RFC 8215: local use only
_SIX_TO_FOUR = ipaddress.ip_network("2002::/16")
_SITE_LOCAL = ipaddress.ip_network("fec0::/10")


class UnsafeURL(ValueError):
    """A URL the service will not send to; the message says why."""


def url_pattern() -> str:
    """The form of a URL the service accepts, as a regular expression (the schema states it):
    the scheme required, a host that is a DNS name with a top-level domain (any name where
    hosts or private addresses are exempted), a dotted IPv4 address or a bracketed IPv6
    address, an optional port, and a path and query without spaces or a fragment."""
    scheme = "https" if settings.WEBHOOK_REQUIRE_HTTPS else "https?"
    if settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES or settings.WEBHOOK_ALLOWED_HOSTS:
        name = r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.?"
    else:
        name = r"([A-Za-z0-9-]+\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})\.?"
    host = rf"({name}|[0-9]{{1,3}}(\.[0-9]{{1,3}}){{3}}|\[[0-9A-Fa-f:.]+\])"
    return rf"^{scheme}://{host}(:[0-9]{{1,5}})?([/?][^\s#]*)?$"


@dataclass(frozen=True)
class Target:
    """What a send connects to: the URL and the addresses checked for it."""

    url: str
    addresses: tuple[str, ...]


def blocked(address: str) -> bool:
    """True when an address is not a public destination (see the module's docstring)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, IPv4):
        return not ip.is_global or ip.is_multicast or ip.is_reserved
    if ip.ipv4_mapped is not None:
        return blocked(str(ip.ipv4_mapped))
    if ip in _IPV4_COMPATIBLE or ip in _IPV4_TRANSLATED or ip in _NAT64_LOCAL:
        return True
    if ip in _SITE_LOCAL or ip.is_multicast:
        return True
    if any(blocked(str(v4)) for v4 in _embedded_ipv4(ip)):
        return True
    if ip in _NAT64 or ip in _SIX_TO_FOUR:
        return False  # a translation prefix: the IPv4 address it carries decides
    return not ip.is_global


def _embedded_ipv4(ip: IPv6) -> list[IPv4]:
    if ip in _NAT64:
        return [IPv4(int(ip) & 0xFFFFFFFF)]
    if ip in _SIX_TO_FOUR:
        return [ip.sixtofour]
    if ip.teredo is not None:
        server, client = ip.teredo
        return [server, client]
    return []


def _numeric_ipv4(host: str) -> str | None:
    """The address a resolver makes of a numeric host such as `2130706433`, `0x7f000001` or
    `127.1` (inet_aton's forms), so it is checked as that address."""
    if not host or any(c not in "0123456789abcdefx." for c in host.lower()):
        return None
    try:
        return socket.inet_ntoa(socket.inet_aton(host))
    except OSError:
        return None


def _exempt(host: str, address: str | None = None) -> bool:
    if settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES or host in settings.WEBHOOK_ALLOWED_HOSTS:
        return True
    if address is None:
        return False
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    networks = settings.WEBHOOK_ALLOWED_NETWORKS
    return any(ip in ipaddress.ip_network(net, strict=False) for net in networks)


def _parse(url: str):
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
    return parts.hostname, port or (443 if parts.scheme == "https" else 80)


def _addresses(url: str, *, must_resolve: bool) -> list[str]:
    """The addresses a send to `url` would connect to, each checked."""
    host, port = _parse(url)
    if not must_resolve and _exempt(host):
        _check_form(url)
        return []
    name = host.rstrip(".").lower()
    try:
        literal = str(ipaddress.ip_address(host))
    except ValueError:
        literal = _numeric_ipv4(name)
    local = name in LOCAL_NAMES or name.endswith(".localhost")
    if literal is None and local and not _exempt(host):
        raise UnsafeURL(REFUSED)
    found = [literal] if literal else outbound.resolve(host, port)
    if must_resolve and not found:
        raise UnsafeURL(f"host {host} does not resolve")
    if any(blocked(a) and not _exempt(host, a) for a in found):
        raise UnsafeURL(REFUSED)
    _check_form(url)  # after the address rules, so a refused address is named as such
    return found


def _check_form(url: str) -> None:
    if not re.fullmatch(url_pattern(), url):
        raise UnsafeURL(
            "must be scheme://host[:port][/path]: a host name with a top-level domain or an "
            "IP address, and no spaces"
        )


def check(url: str, *, resolve: bool) -> None:
    """Raise UnsafeURL unless the service may send to `url`. The host is resolved and every
    address it answers must be allowed. With `resolve` (send time) it must resolve; without
    it (registration) a name that does not resolve yet is accepted and checked at send time."""
    _addresses(url, must_resolve=resolve)


def pin(url: str) -> Target:
    """Resolve `url`'s host once and check every address: the send connects to these only
    (`common.outbound.post(..., addresses=target.addresses)`), never to a second answer."""
    return Target(url, tuple(_addresses(url, must_resolve=True)))
