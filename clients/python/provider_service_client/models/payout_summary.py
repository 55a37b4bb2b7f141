from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_status_enum import PayoutStatusEnum
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.amount import Amount





T = TypeVar("T", bound="PayoutSummary")



@_attrs_define
class PayoutSummary:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            payout_id (str):
            amount (Amount):
            status (PayoutStatusEnum): * `initiated` - Initiated
                * `authorized` - Authorized
                * `accepted` - Accepted
                * `claiming` - Claiming
                * `completed` - Completed
                * `failed` - Failed
                * `payout_failed` - Payout Failed
                * `cancelled` - Cancelled
                * `expired` - Expired
                * `denied` - Denied
            recipient_name (str | Unset):
     """

    payout_id: str
    amount: Amount
    status: PayoutStatusEnum
    recipient_name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.amount import Amount # noqa: PLC0415
        payout_id = self.payout_id

        amount = self.amount.to_dict()

        status = self.status.value

        recipient_name = self.recipient_name


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "payoutID": payout_id,
            "amount": amount,
            "status": status,
        })
        if recipient_name is not UNSET:
            field_dict["recipientName"] = recipient_name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amount import Amount # noqa: PLC0415
        d = dict(src_dict)
        payout_id = d.pop("payoutID")

        amount = Amount.from_dict(d.pop("amount"))




        status = PayoutStatusEnum(d.pop("status"))




        recipient_name = d.pop("recipientName", UNSET)

        payout_summary = cls(
            payout_id=payout_id,
            amount=amount,
            status=status,
            recipient_name=recipient_name,
        )


        payout_summary.additional_properties = d
        return payout_summary

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
