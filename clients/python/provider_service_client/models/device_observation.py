from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.device_type_enum import DeviceTypeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.location import Location





T = TypeVar("T", bound="DeviceObservation")



@_attrs_define
class DeviceObservation:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            observed_on (datetime.datetime | Unset):
            device_type (DeviceTypeEnum | Unset): * `mobile` - Mobile
                * `desktop` - Desktop
            model (str | Unset):
            os (str | Unset):
            os_version (str | Unset):
            location (Location | Unset): Output serializer for the contract's omission rule: an optional field that is
                unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
     """

    observed_on: datetime.datetime | Unset = UNSET
    device_type: DeviceTypeEnum | Unset = UNSET
    model: str | Unset = UNSET
    os: str | Unset = UNSET
    os_version: str | Unset = UNSET
    location: Location | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.location import Location # noqa: PLC0415
        observed_on: str | Unset = UNSET
        if not isinstance(self.observed_on, Unset):
            observed_on = self.observed_on.isoformat()

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
        if observed_on is not UNSET:
            field_dict["observedOn"] = observed_on
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
        from ..models.location import Location # noqa: PLC0415
        d = dict(src_dict)
        _observed_on = d.pop("observedOn", UNSET)
        observed_on: datetime.datetime | Unset
        if isinstance(_observed_on,  Unset):
            observed_on = UNSET
        else:
            observed_on = datetime.datetime.fromisoformat(_observed_on)




        _device_type = d.pop("deviceType", UNSET)
        device_type: DeviceTypeEnum | Unset
        if isinstance(_device_type,  Unset):
            device_type = UNSET
        else:
            device_type = DeviceTypeEnum(_device_type)




        model = d.pop("model", UNSET)

        os = d.pop("os", UNSET)

        os_version = d.pop("osVersion", UNSET)

        _location = d.pop("location", UNSET)
        location: Location | Unset
        if isinstance(_location,  Unset):
            location = UNSET
        else:
            location = Location.from_dict(_location)




        device_observation = cls(
            observed_on=observed_on,
            device_type=device_type,
            model=model,
            os=os,
            os_version=os_version,
            location=location,
        )


        device_observation.additional_properties = d
        return device_observation

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
