"""Where webhooks may be sent: no server-side request forgery.

Outside DEBUG a URL must be https and every address its host resolves to must be an ordinary
public one: an address in any range of `common.special_addresses` (the IANA special-purpose
registries as the project's own table: loopback, private, link-local with cloud metadata at
169.254.169.254, shared, benchmarking, documentation, reserved, multicast, the IETF protocol
assignments, IPv6 outside Global Unicast, …) is refused, and so is an IPv6 address that
carries a refused IPv4 address (IPv4-mapped, NAT64, 6to4). The port must be 443 (or http's
80 where http is allowed) or one from 1024 to 65535 that no well-known internal service uses
(DENIED_PORTS). Checked when the endpoint is registered and again before every send, where
the addresses checked are the ones connected to (`pin`): the host is resolved once per
attempt. `WEBHOOK_ALLOWED_HOSTS` exempts named hosts and `WEBHOOK_ALLOWED_NETWORKS` address
ranges from the address rule (a provider's receiver inside a private network, by agreement);
`WEBHOOK_ALLOW_PRIVATE_ADDRESSES` (DEBUG) exempts every address and port; nothing else
exempts a port.
Exempt or not, a send connects only to the addresses resolved for it.
docs/decisions/webhook-destinations.md says why."""

import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from common import outbound, special_addresses

MAX_URL_LENGTH = 2048
REFUSED = "must not point at a loopback, private, link-local or other special-purpose address"
LOCAL_NAMES = ("localhost", "localhost.localdomain")
DEFAULT_PORTS = {"https": 443, "http": 80}
FIRST_FREE_PORT = 1024  # below it: the well-known ports, each some service's but a web's
# Registered ports of services that listen inside networks and speak other protocols (a
# request sent there is an attack on them), and the Fetch standard's "bad ports" above 1023.
DENIED_PORTS = {
    1080: "SOCKS",
    1433: "SQL Server",
    1434: "SQL Server browser",
    1521: "Oracle",
    1719: "H.323 RAS",
    1720: "H.323",
    1723: "PPTP",
    1883: "MQTT",
    2049: "NFS",
    2181: "ZooKeeper",
    2375: "Docker API",
    2376: "Docker API",
    2379: "etcd",
    2380: "etcd",
    3128: "HTTP proxy",
    3306: "MySQL",
    3389: "RDP",
    3659: "Apple SASL",
    4045: "NFS lock daemon",
    4190: "ManageSieve",
    4369: "Erlang port mapper",
    5060: "SIP",
    5061: "SIP over TLS",
    5432: "PostgreSQL",
    5672: "AMQP",
    5900: "VNC",
    5984: "CouchDB",
    6000: "X11",
    6379: "Redis",
    6443: "Kubernetes API",
    6566: "SANE",
    **{port: "IRC" for port in range(6665, 6670)},
    6697: "IRC over TLS",
    8500: "Consul",
    9042: "Cassandra",
    9092: "Kafka",
    9200: "Elasticsearch",
    9300: "Elasticsearch",
    10080: "Amanda",
    10250: "kubelet",
    11211: "memcached",
    15672: "RabbitMQ management",
    27017: "MongoDB",
}


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


def special(address: str) -> special_addresses.SpecialRange | None:
    """The special-purpose range that makes an address no public destination, None for a
    public one. An address of a translation prefix is judged by the IPv4 address it carries."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    row = special_addresses.special_range(ip)
    if row is not None and row.carries_ipv4:
        return special_addresses.special_range(special_addresses.carried_ipv4(ip))
    return row


def blocked(address: str) -> bool:
    """True when an address is not a public destination (see the module's docstring)."""
    return special(address) is not None


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
    port = DEFAULT_PORTS[parts.scheme] if port is None else port
    _check_port(port)
    return parts.hostname, port


def _check_port(port: int) -> None:
    if settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES:
        return  # DEBUG's switch: a developer's receivers listen wherever they like
    if port == 443 or (port == 80 and not settings.WEBHOOK_REQUIRE_HTTPS):
        return
    allowed = f"use 443, or a port from {FIRST_FREE_PORT} to 65535 that is not denied"
    if port < FIRST_FREE_PORT:
        raise UnsafeURL(f"port {port} is not allowed: {allowed}")
    if port in DENIED_PORTS:
        raise UnsafeURL(f"port {port} ({DENIED_PORTS[port]}) is not allowed: {allowed}")


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
