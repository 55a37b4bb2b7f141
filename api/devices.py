"""The device and network a provider saw at a participant's sign-in, payout or request: one
shape for every call that accepts it (`device` in the body), turned into the `Device` the risk
engine records."""

from rest_framework import serializers

from common.devices import DEVICE_TYPES, MAX_LENGTHS, Device


class DeviceLocationSerializer(serializers.Serializer):
    city = serializers.CharField(required=False, allow_blank=True, max_length=MAX_LENGTHS["city"])
    region = serializers.CharField(
        required=False, allow_blank=True, max_length=MAX_LENGTHS["region"]
    )


class DeviceContextSerializer(serializers.Serializer):
    """Every field optional. `deviceID` is what identifies a device to the risk engine (the
    same identifier on two participants links them); a model and OS alone link nobody."""

    deviceID = serializers.CharField(
        required=False,
        max_length=MAX_LENGTHS["device_id"],
        help_text="A stable identifier the provider's app keeps for this device (for example "
        "an installation ID); never a hardware identifier the user cannot reset.",
    )
    ipAddress = serializers.IPAddressField(
        required=False, help_text="The IPv4 or IPv6 address the participant's device used."
    )
    userAgent = serializers.CharField(
        required=False, max_length=MAX_LENGTHS["user_agent"], help_text="The app's or browser's."
    )
    deviceType = serializers.ChoiceField(choices=DEVICE_TYPES, required=False)
    model = serializers.CharField(required=False, max_length=MAX_LENGTHS["model"])
    os = serializers.CharField(required=False, max_length=MAX_LENGTHS["os"])
    osVersion = serializers.CharField(required=False, max_length=MAX_LENGTHS["os_version"])
    location = DeviceLocationSerializer(required=False)


def device_from(data: dict | None) -> Device | None:
    """The `Device` a validated `device` object describes, or None when none was given."""
    if not data:
        return None
    location = data.get("location") or {}
    return Device(
        device_type=data.get("deviceType", ""),
        model=data.get("model", "").strip(),
        os=data.get("os", "").strip(),
        os_version=data.get("osVersion", "").strip(),
        city=location.get("city", "").strip(),
        region=location.get("region", "").strip(),
        device_id=data.get("deviceID", "").strip(),
        ip_address=data.get("ipAddress", ""),
        user_agent=data.get("userAgent", "").strip(),
    )
