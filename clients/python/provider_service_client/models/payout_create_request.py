from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.addressed_party_request import AddressedPartyRequest
  from ..models.amount_in_request import AmountInRequest
  from ..models.device_context_request import DeviceContextRequest





T = TypeVar("T", bound="PayoutCreateRequest")



@_attrs_define
class PayoutCreateRequest:
    """ 
        Attributes:
            amount (AmountInRequest): An amount as the service renders one; `currency` needs only its `code`. Validated into
                `{"minor": int, "currency": code}`.
            participant_id (str): The sender: a participantID or an externalID of one of your participants
            recipient (AddressedPartyRequest):
            memo (str | Unset):
            device (DeviceContextRequest | Unset): Every field optional. `deviceID` is what identifies a device to the risk
                engine (the
                same identifier on two participants links them); a model and OS alone link nobody.
            funding_source_id (str | Unset): The sender's active funding source to draw on; its newest when omitted
     """

    amount: AmountInRequest
    participant_id: str
    recipient: AddressedPartyRequest
    memo: str | Unset = UNSET
    device: DeviceContextRequest | Unset = UNSET
    funding_source_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.addressed_party_request import AddressedPartyRequest # noqa: PLC0415
        from ..models.amount_in_request import AmountInRequest # noqa: PLC0415
        from ..models.device_context_request import DeviceContextRequest # noqa: PLC0415
        amount = self.amount.to_dict()

        participant_id = self.participant_id

        recipient = self.recipient.to_dict()

        memo = self.memo

        device: dict[str, Any] | Unset = UNSET
        if not isinstance(self.device, Unset):
            device = self.device.to_dict()

        funding_source_id = self.funding_source_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "amount": amount,
            "participantID": participant_id,
            "recipient": recipient,
        })
        if memo is not UNSET:
            field_dict["memo"] = memo
        if device is not UNSET:
            field_dict["device"] = device
        if funding_source_id is not UNSET:
            field_dict["fundingSourceID"] = funding_source_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.addressed_party_request import AddressedPartyRequest # noqa: PLC0415
        from ..models.amount_in_request import AmountInRequest # noqa: PLC0415
        from ..models.device_context_request import DeviceContextRequest # noqa: PLC0415
        d = dict(src_dict)
        amount = AmountInRequest.from_dict(d.pop("amount"))




        participant_id = d.pop("participantID")

        recipient = AddressedPartyRequest.from_dict(d.pop("recipient"))




        memo = d.pop("memo", UNSET)

        _device = d.pop("device", UNSET)
        device: DeviceContextRequest | Unset
        if isinstance(_device,  Unset):
            device = UNSET
        else:
            device = DeviceContextRequest.from_dict(_device)




        funding_source_id = d.pop("fundingSourceID", UNSET)

        payout_create_request = cls(
            amount=amount,
            participant_id=participant_id,
            recipient=recipient,
            memo=memo,
            device=device,
            funding_source_id=funding_source_id,
        )


        payout_create_request.additional_properties = d
        return payout_create_request

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
