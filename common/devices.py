"""A device a caller saw at an event (sign-in, payment creation), as the risk engine records it,
and the staff command flags that describe one."""

import ipaddress
from dataclasses import dataclass, fields

from common.errors import InvalidRequest

DEVICE_TYPES = ("mobile", "desktop")
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
                object.__setattr__(self, "ip_address", str(ipaddress.ip_address(self.ip_address)))
            except ValueError:
                raise InvalidRequest(
                    f"The device's IP address {self.ip_address!r} is not an IPv4 or IPv6 address."
                ) from None

    @property
    def identity(self) -> tuple[str, str, str]:
        """What makes two observations the same device: type, model and OS."""
        return (self.device_type, self.model.casefold(), self.os.casefold())


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
