"""The `device` object the sign-in, payout and request calls accept, as the risk engine gets it."""

import pytest

from api.devices import DeviceContextSerializer, device_from
from common.devices import Device
from common.errors import InvalidRequest


def test_a_full_context_becomes_the_device_the_engine_records():
    serializer = DeviceContextSerializer(
        data={
            "deviceID": " inst-7f3a ",
            "ipAddress": "2001:DB8::1",
            "userAgent": "Wallet/4.2 (iPhone; iOS 18.1)",
            "deviceType": "mobile",
            "model": "iPhone 15",
            "os": "iOS",
            "osVersion": "18.1",
            "location": {"city": "Lagos", "region": "LA"},
        }
    )
    assert serializer.is_valid(), serializer.errors
    assert device_from(serializer.validated_data) == Device(
        device_type="mobile",
        model="iPhone 15",
        os="iOS",
        os_version="18.1",
        city="Lagos",
        region="LA",
        device_id="inst-7f3a",
        ip_address="2001:db8::1",
        user_agent="Wallet/4.2 (iPhone; iOS 18.1)",
    )


def test_no_context_is_no_device():
    assert device_from(None) is None
    assert device_from({}) is None


@pytest.mark.parametrize(
    "field, value",
    [("ipAddress", "10.0.0.300"), ("deviceID", "x" * 129), ("deviceType", "tablet")],
)
def test_a_bad_field_is_refused(field, value):
    serializer = DeviceContextSerializer(data={field: value})
    assert not serializer.is_valid()
    assert field in serializer.errors


def test_the_device_itself_refuses_what_is_no_address():
    with pytest.raises(InvalidRequest):
        Device(ip_address="not-an-address")
    assert Device(ip_address="192.0.2.7").ip_address == "192.0.2.7"
