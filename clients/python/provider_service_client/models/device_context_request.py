from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.device_context_device_type_enum import DeviceContextDeviceTypeEnum
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.device_location_request import DeviceLocationRequest





T = TypeVar("T", bound="DeviceContextRequest")



@_attrs_define
class DeviceContextRequest:
    """ Every field optional. `deviceID` is what identifies a device to the risk engine (the
    same identifier on two participants links them); a model and OS alone link nobody.

        Attributes:
            device_id (str | Unset): A stable identifier the provider's app keeps for this device (for example an
                installation ID); never a hardware identifier the user cannot reset.
            ip_address (str | Unset): The IPv4 or IPv6 address the participant's device used.
            user_agent (str | Unset): The app's or browser's.
            device_type (DeviceContextDeviceTypeEnum | Unset): * `mobile` - mobile
                * `desktop` - desktop
            model (str | Unset):
            os (str | Unset):
            os_version (str | Unset):
            location (DeviceLocationRequest | Unset):
     """

    device_id: str | Unset = UNSET
    ip_address: str | Unset = UNSET
    user_agent: str | Unset = UNSET
    device_type: DeviceContextDeviceTypeEnum | Unset = UNSET
    model: str | Unset = UNSET
    os: str | Unset = UNSET
    os_version: str | Unset = UNSET
    location: DeviceLocationRequest | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.device_location_request import DeviceLocationRequest # noqa: PLC0415
        device_id = self.device_id

        ip_address = self.ip_address

        user_agent = self.user_agent

        device_type: str | Unset = UNSET
        if not isinstance(self.device_type, Unset):
            device_type = self.device_type.value


        model = self.model

        os = self.os

        os_version = self.os_version

        location: dict[str, Any] | Unset = UNSET
        if not isinstance(self.location, Unset):
            location = self.location.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if device_id is not UNSET:
            field_dict["deviceID"] = device_id
        if ip_address is not UNSET:
            field_dict["ipAddress"] = ip_address
        if user_agent is not UNSET:
            field_dict["userAgent"] = user_agent
        if device_type is not UNSET:
            field_dict["deviceType"] = device_type
        if model is not UNSET:
            field_dict["model"] = model
        if os is not UNSET:
            field_dict["os"] = os
        if os_version is not UNSET:
            field_dict["osVersion"] = os_version
        if location is not UNSET:
            field_dict["location"] = location

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.device_location_request import DeviceLocationRequest # noqa: PLC0415
        d = dict(src_dict)
        device_id = d.pop("deviceID", UNSET)

        ip_address = d.pop("ipAddress", UNSET)

        user_agent = d.pop("userAgent", UNSET)

        _device_type = d.pop("deviceType", UNSET)
        device_type: DeviceContextDeviceTypeEnum | Unset
        if isinstance(_device_type,  Unset):
            device_type = UNSET
        else:
            device_type = DeviceContextDeviceTypeEnum(_device_type)




        model = d.pop("model", UNSET)

        os = d.pop("os", UNSET)

        os_version = d.pop("osVersion", UNSET)

        _location = d.pop("location", UNSET)
        location: DeviceLocationRequest | Unset
        if isinstance(_location,  Unset):
            location = UNSET
        else:
            location = DeviceLocationRequest.from_dict(_location)




        device_context_request = cls(
            device_id=device_id,
            ip_address=ip_address,
            user_agent=user_agent,
            device_type=device_type,
            model=model,
            os=os,
            os_version=os_version,
            location=location,
        )


        device_context_request.additional_properties = d
        return device_context_request

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
