from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.device_context_request import DeviceContextRequest





T = TypeVar("T", bound="SignInRequest")



@_attrs_define
class SignInRequest:
    """ 
        Attributes:
            device (DeviceContextRequest): Every field optional. `deviceID` is what identifies a device to the risk engine
                (the
                same identifier on two participants links them); a model and OS alone link nobody.
            signed_in_on (datetime.datetime | Unset): When the participant signed in: within the last 24 hours; default now.
                A time up to five minutes ahead (clock drift) is taken as now.
     """

    device: DeviceContextRequest
    signed_in_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.device_context_request import DeviceContextRequest # noqa: PLC0415
        device = self.device.to_dict()

        signed_in_on: str | Unset = UNSET
        if not isinstance(self.signed_in_on, Unset):
            signed_in_on = self.signed_in_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "device": device,
        })
        if signed_in_on is not UNSET:
            field_dict["signedInOn"] = signed_in_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.device_context_request import DeviceContextRequest # noqa: PLC0415
        d = dict(src_dict)
        device = DeviceContextRequest.from_dict(d.pop("device"))




        _signed_in_on = d.pop("signedInOn", UNSET)
        signed_in_on: datetime.datetime | Unset
        if isinstance(_signed_in_on,  Unset):
            signed_in_on = UNSET
        else:
            signed_in_on = datetime.datetime.fromisoformat(_signed_in_on)




        sign_in_request = cls(
            device=device,
            signed_in_on=signed_in_on,
        )


        sign_in_request.additional_properties = d
        return sign_in_request

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
