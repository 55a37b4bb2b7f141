"""A device a caller saw at an event (sign-in, payment creation), as the risk engine records it,
and the staff command flags that describe one."""

import ipaddress
from dataclasses import dataclass, fields

from common.errors import InvalidRequest

DEVICE_TYPES = ("mobile", "desktop")
# The network an address is counted in: what one household, office or carrier cell usually
# shares (an IPv4 /24; an IPv6 /64, the size of one site's subnet).
NETWORK_PREFIXES = {4: 24, 6: 64}
# Longest value kept per field (the observation's columns).
MAX_LENGTHS = {
    "model": 128,
    "os": 64,
    "os_version": 64,
    "city": 128,
    "region": 128,
    "device_id": 128,
    "user_agent": 512,
}

# (flag suffix, Device field, help)
_FLAGS = (
    ("type", "device_type", "mobile or desktop"),
    ("model", "model", "e.g. Pixel 8"),
    ("os", "os", "e.g. Android"),
    ("os-version", "os_version", "e.g. 15"),
    ("city", "city", "where the device was"),
    ("region", "region", "region or state of that city"),
    ("id", "device_id", "the stable identifier the provider's app keeps for this device"),
    ("ip", "ip_address", "the IP address the participant's device used"),
    ("user-agent", "user_agent", "the user agent of the participant's app or browser"),
)


@dataclass(frozen=True)
class Device:
    """Every field optional: what is not known is empty."""

    device_type: str = ""  # mobile | desktop
    model: str = ""
    os: str = ""
    os_version: str = ""
    city: str = ""
    region: str = ""
    # What identifies the device and its network: the identifier the provider's app keeps
    # for it, the address it came from, what its software says it is.
    device_id: str = ""
    ip_address: str = ""
    user_agent: str = ""

    def __post_init__(self):
        if self.device_type and self.device_type not in DEVICE_TYPES:
            raise InvalidRequest(
                f"The device type must be mobile or desktop, not {self.device_type!r}."
            )
        for field in fields(self):
            limit = MAX_LENGTHS.get(field.name)
            if limit and len(getattr(self, field.name)) > limit:
                raise InvalidRequest(f"The device {field.name} must be at most {limit} characters.")
        if self.ip_address:
            try:
                address = ipaddress.ip_address(self.ip_address)
            except ValueError:
                raise InvalidRequest(
                    f"The device's IP address {self.ip_address!r} is not an IPv4 or IPv6 address."
                ) from None
            object.__setattr__(self, "ip_address", str(_unmapped(address)))

    @property
    def described(self) -> bool:
        """Whether it says what it is (type, model or OS): all a device without an identifier
        can be compared by, and only with the same participant's own devices."""
        return bool(self.device_type or self.model or self.os)

    @property
    def description(self) -> str:
        """ "mobile Pixel 8 Android": what it says it is."""
        return " ".join(part for part in (self.device_type, self.model, self.os) if part)

    @property
    def label(self) -> str:
        """ "inst-7f3a (mobile Pixel 8 Android)", or what it says it is without an identifier."""
        if self.device_id and self.described:
            return f"{self.device_id} ({self.description})"
        return self.device_id or self.description

    @property
    def network(self) -> str:
        """The network its address is in ("203.0.113.0/24"), or empty without an address."""
        return network_of(self.ip_address)


def _unmapped(address: ipaddress.IPv4Address | ipaddress.IPv6Address):
    """An IPv4 address written as IPv6 (::ffff:203.0.113.7) is that IPv4 address: otherwise
    every such address would fall in the same IPv6 /64."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def network_of(address: str) -> str:
    """The /24 (IPv4) or /64 (IPv6) network of an address, in its canonical text form; empty
    for no address."""
    if not address:
        return ""
    parsed = _unmapped(ipaddress.ip_address(address))
    return str(ipaddress.ip_network(f"{parsed}/{NETWORK_PREFIXES[parsed.version]}", strict=False))


def _dest(suffix: str) -> str:
    return "device_" + suffix.replace("-", "_")


def add_device_arguments(parser) -> None:
    group = parser.add_argument_group("device (optional: what was seen at the event)")
    for suffix, field, help_text in _FLAGS:
        extra = {"choices": DEVICE_TYPES} if field == "device_type" else {}
        group.add_argument(
            f"--device-{suffix}", dest=_dest(suffix), default="", help=help_text, **extra
        )


def device_from_options(options) -> Device | None:
    """The device the flags describe, or None when no flag was given."""
    values = {field: (options.get(_dest(suffix)) or "").strip() for suffix, field, _ in _FLAGS}
    if not any(values.values()):
        return None
    return Device(**values)
