"""The special-purpose address ranges, as the project's own table.

Each row of the IANA IPv4 and IPv6 Special-Purpose Address Registries (iana.org/assignments/
iana-ipv4-special-registry, iana-ipv6-special-registry, as of 2025), with its
registry name and defining document, plus a few ranges the registries leave to other
registries or that were withdrawn but still mean "not a public host" (marked with where they
come from). The runtime's `ipaddress.is_global` is not used: it follows whichever Python is
installed (3.11.7 still calls 192.0.0.8/32 global) and says nothing of ranges added since.

Every row here is refused as a destination, including the few the registry marks globally
reachable (the PCP, TURN, DNS-SD and AMT anycast addresses, AS112, ORCHIDv2, DETs): none of
them is where anybody's web server lives. Three prefixes only carry an IPv4 address
(`carries_ipv4`): the IPv4 address inside decides. Outside 2000::/3 (Global Unicast, the IANA
IPv6 Address Space registry) nothing is allocated for public hosts, so anything there that is
not one of those three is refused too.
"""

import ipaddress
from dataclasses import dataclass

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class SpecialRange:
    network: Network
    name: str
    source: str
    carries_ipv4: bool = False

    def __str__(self) -> str:
        return f"{self.name}, {self.network}"


def _rows(*rows) -> tuple[SpecialRange, ...]:
    return tuple(
        SpecialRange(ipaddress.ip_network(block), name, source, *rest)
        for block, name, source, *rest in rows
    )


IPV4 = _rows(
    ("0.0.0.0/8", '"This network"', "RFC 791"),
    ("0.0.0.0/32", '"This host on this network"', "RFC 1122"),
    ("10.0.0.0/8", "Private-Use", "RFC 1918"),
    ("100.64.0.0/10", "Shared Address Space", "RFC 6598"),
    ("127.0.0.0/8", "Loopback", "RFC 1122"),
    ("169.254.0.0/16", "Link Local", "RFC 3927"),
    ("172.16.0.0/12", "Private-Use", "RFC 1918"),
    ("192.0.0.0/24", "IETF Protocol Assignments", "RFC 6890"),
    ("192.0.0.0/29", "IPv4 Service Continuity Prefix", "RFC 7335"),
    ("192.0.0.8/32", "IPv4 dummy address", "RFC 7600"),
    ("192.0.0.9/32", "Port Control Protocol Anycast", "RFC 7723"),
    ("192.0.0.10/32", "Traversal Using Relays around NAT Anycast", "RFC 8155"),
    ("192.0.0.170/32", "NAT64/DNS64 Discovery", "RFC 8880"),
    ("192.0.0.171/32", "NAT64/DNS64 Discovery", "RFC 8880"),
    ("192.0.2.0/24", "Documentation (TEST-NET-1)", "RFC 5737"),
    ("192.31.196.0/24", "AS112-v4", "RFC 7535"),
    ("192.52.193.0/24", "AMT", "RFC 7450"),
    ("192.88.99.0/24", "Deprecated (6to4 Relay Anycast)", "RFC 7526"),
    ("192.168.0.0/16", "Private-Use", "RFC 1918"),
    ("192.175.48.0/24", "Direct Delegation AS112 Service", "RFC 7534"),
    ("198.18.0.0/15", "Benchmarking", "RFC 2544"),
    ("198.51.100.0/24", "Documentation (TEST-NET-2)", "RFC 5737"),
    ("203.0.113.0/24", "Documentation (TEST-NET-3)", "RFC 5737"),
    ("240.0.0.0/4", "Reserved", "RFC 1112"),
    ("255.255.255.255/32", "Limited Broadcast", "RFC 919"),
    # Not in the special-purpose registry: the IPv4 Multicast Address Space registry's.
    ("224.0.0.0/4", "Multicast", "RFC 5771"),
)

IPV6 = _rows(
    ("::1/128", "Loopback Address", "RFC 4291"),
    ("::/128", "Unspecified Address", "RFC 4291"),
    ("::ffff:0:0/96", "IPv4-mapped Address", "RFC 4291", True),
    ("64:ff9b::/96", "IPv4-IPv6 Translat.", "RFC 6052", True),
    ("64:ff9b:1::/48", "IPv4-IPv6 Translat. (local use)", "RFC 8215"),
    ("100::/64", "Discard-Only Address Block", "RFC 6666"),
    ("100:0:0:1::/64", "Dummy IPv6 Prefix", "RFC 9780"),
    ("2001::/23", "IETF Protocol Assignments", "RFC 2928"),
    ("2001::/32", "TEREDO", "RFC 4380"),
    ("2001:1::1/128", "Port Control Protocol Anycast", "RFC 7723"),
    ("2001:1::2/128", "Traversal Using Relays around NAT Anycast", "RFC 8155"),
    ("2001:1::3/128", "DNS-SD Service Registration Protocol Anycast", "RFC 9665"),
    ("2001:2::/48", "Benchmarking", "RFC 5180"),
    ("2001:3::/32", "AMT", "RFC 7450"),
    ("2001:4:112::/48", "AS112-v6", "RFC 7535"),
    ("2001:10::/28", "Deprecated (previously ORCHID)", "RFC 4843"),
    ("2001:20::/28", "ORCHIDv2", "RFC 7343"),
    ("2001:30::/28", "Drone Remote ID Protocol Entity Tags (DETs) Prefix", "RFC 9374"),
    ("2001:db8::/32", "Documentation", "RFC 3849"),
    ("2002::/16", "6to4", "RFC 3056", True),
    ("2620:4f:8000::/48", "Direct Delegation AS112 Service", "RFC 7534"),
    ("3fff::/20", "Documentation", "RFC 9637"),
    ("5f00::/16", "Segment Routing (SRv6) SIDs", "RFC 9602"),
    ("fc00::/7", "Unique-Local", "RFC 4193"),
    ("fe80::/10", "Link-Local Unicast", "RFC 4291"),
    # Withdrawn from the registry or never in it, still no public host:
    ("::/96", "IPv4-compatible Address (deprecated)", "RFC 4291"),
    ("::ffff:0:0:0/96", "IPv4-translated Address", "RFC 2765"),
    ("fec0::/10", "Site-Local (deprecated)", "RFC 3879"),
    ("ff00::/8", "Multicast", "RFC 4291"),
)

GLOBAL_UNICAST = ipaddress.ip_network("2000::/3")
OUTSIDE_GLOBAL_UNICAST = SpecialRange(
    ipaddress.ip_network("::/0"), "not Global Unicast (2000::/3)", "RFC 4291"
)


def special_range(address: Address) -> SpecialRange | None:
    """The most specific row `address` falls in; for an IPv6 address outside 2000::/3 and
    every row, OUTSIDE_GLOBAL_UNICAST; None for an ordinary public address."""
    table = IPV4 if address.version == 4 else IPV6
    found = [row for row in table if address in row.network]
    if found:
        return max(found, key=lambda row: row.network.prefixlen)
    if address.version == 6 and address not in GLOBAL_UNICAST:
        return OUTSIDE_GLOBAL_UNICAST
    return None


def carried_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address:
    """The IPv4 address in an address of a row that `carries_ipv4`: 6to4's 32 bits after its
    prefix, else (IPv4-mapped, NAT64) the last 32 bits."""
    return address.sixtofour or ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
