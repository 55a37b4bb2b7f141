from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.device_context_request import DeviceContextRequest





T = TypeVar("T", bound="RequestPayRequest")



@_attrs_define
class RequestPayRequest:
    """ 
        Attributes:
            participant_id (str): The payer (holding the addressed phone): a participantID or an externalID of one of your
                participants
            funding_source_id (str | Unset): The payer's active funding source to collect from; its newest when omitted
            device (DeviceContextRequest | Unset): Every field optional. `deviceID` is what identifies a device to the risk
                engine (the
                same identifier on two participants links them); a model and OS alone link nobody.
     """

    participant_id: str
    funding_source_id: str | Unset = UNSET
    device: DeviceContextRequest | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.device_context_request import DeviceContextRequest # noqa: PLC0415
        participant_id = self.participant_id

        funding_source_id = self.funding_source_id

        device: dict[str, Any] | Unset = UNSET
        if not isinstance(self.device, Unset):
            device = self.device.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "participantID": participant_id,
        })
        if funding_source_id is not UNSET:
            field_dict["fundingSourceID"] = funding_source_id
        if device is not UNSET:
            field_dict["device"] = device

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.device_context_request import DeviceContextRequest # noqa: PLC0415
        d = dict(src_dict)
        participant_id = d.pop("participantID")

        funding_source_id = d.pop("fundingSourceID", UNSET)

        _device = d.pop("device", UNSET)
        device: DeviceContextRequest | Unset
        if isinstance(_device,  Unset):
            device = UNSET
        else:
            device = DeviceContextRequest.from_dict(_device)




        request_pay_request = cls(
            participant_id=participant_id,
            funding_source_id=funding_source_id,
            device=device,
        )


        request_pay_request.additional_properties = d
        return request_pay_request

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
