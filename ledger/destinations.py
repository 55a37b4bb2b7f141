"""Where a provider may point its ledger callbacks through the API: no server-side request
forgery. A host that is, or resolves to, an address of `common.special_addresses` (loopback,
private, link-local with cloud metadata, shared, reserved, …, and an IPv6 address carrying
one) is refused, and so are `localhost` names and numeric hosts a resolver reads as such an
address (`2130706433`, `127.1`). A name that does not resolve yet is accepted. Staff
registrations (`set_ledger`, the admin) may name internal hosts by agreement; the API may not
unless `LEDGER_ALLOW_PRIVATE_ADDRESSES` (DEBUG)."""

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

from common import outbound, special_addresses

LOCAL_NAMES = ("localhost", "localhost.localdomain")
DEFAULT_PORTS = {"https": 443, "http": 80}


class PrivateDestination(ValueError):
    """A URL whose host is no public destination."""


def _special(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    row = special_addresses.special_range(ip)
    if row is not None and row.carries_ipv4:
        row = special_addresses.special_range(special_addresses.carried_ipv4(ip))
    return row is not None


def _literal(host: str) -> str | None:
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    if host and all(c in "0123456789abcdefx." for c in host.lower()):
        try:
            return socket.inet_ntoa(socket.inet_aton(host))
        except OSError:
            return None
    return None


def check(url: str) -> None:
    """Raise PrivateDestination unless every address `url`'s host names is public. The URL's
    form is `ledger.registration.check_url`'s to judge."""
    if settings.LEDGER_ALLOW_PRIVATE_ADDRESSES:
        return
    parts = urlsplit(url)
    host = (parts.hostname or "").rstrip(".").lower()
    if host in LOCAL_NAMES or host.endswith(".localhost"):
        raise PrivateDestination("must not name this machine (localhost)")
    literal = _literal(host)
    port = parts.port or DEFAULT_PORTS.get(parts.scheme, 443)
    found = [literal] if literal else outbound.resolve(host, port)
    if any(_special(address) for address in found):
        raise PrivateDestination(
            "must not point at a loopback, private, link-local or other special-purpose address"
        )
