"""A device's network: the /24 of an IPv4 address, the /64 of an IPv6 one, in one text form
whatever way the address was written."""

import pytest

from common.devices import Device, network_of


@pytest.mark.parametrize(
    "address, network",
    [
        ("203.0.113.7", "203.0.113.0/24"),
        ("203.0.113.250", "203.0.113.0/24"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.9", "203.0.113.0/24"),  # IPv4 written as IPv6
        ("", ""),
    ],
)
def test_the_network_of_an_address(address, network):
    assert network_of(address) == network


def test_an_ipv4_address_written_as_ipv6_is_recorded_as_ipv4():
    device = Device(ip_address="::ffff:203.0.113.9")
    assert (device.ip_address, device.network) == ("203.0.113.9", "203.0.113.0/24")


def test_what_a_device_says_it_is():
    assert Device(device_id="inst-1", model="Pixel 8", os="Android").label == (
        "inst-1 (Pixel 8 Android)"
    )
    assert Device(device_id="inst-1").label == "inst-1"
    assert Device(device_type="desktop").label == "desktop"
    assert not Device(city="Lagos", ip_address="192.0.2.1").described
