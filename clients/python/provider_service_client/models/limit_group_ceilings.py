from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.amount import Amount





T = TypeVar("T", bound="LimitGroupCeilings")



@_attrs_define
class LimitGroupCeilings:
    """ Only the dimensions the group sets; the others fall through to the provider level.

        Attributes:
            per_transaction_amount (Amount | Unset):
            daily_amount (Amount | Unset):
            weekly_amount (Amount | Unset):
            monthly_amount (Amount | Unset):
            daily_send_count (int | Unset):
     """

    per_transaction_amount: Amount | Unset = UNSET
    daily_amount: Amount | Unset = UNSET
    weekly_amount: Amount | Unset = UNSET
    monthly_amount: Amount | Unset = UNSET
    daily_send_count: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.amount import Amount # noqa: PLC0415
        per_transaction_amount: dict[str, Any] | Unset = UNSET
        if not isinstance(self.per_transaction_amount, Unset):
            per_transaction_amount = self.per_transaction_amount.to_dict()

        daily_amount: dict[str, Any] | Unset = UNSET
        if not isinstance(self.daily_amount, Unset):
            daily_amount = self.daily_amount.to_dict()

        weekly_amount: dict[str, Any] | Unset = UNSET
        if not isinstance(self.weekly_amount, Unset):
            weekly_amount = self.weekly_amount.to_dict()

        monthly_amount: dict[str, Any] | Unset = UNSET
        if not isinstance(self.monthly_amount, Unset):
            monthly_amount = self.monthly_amount.to_dict()

        daily_send_count = self.daily_send_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if per_transaction_amount is not UNSET:
            field_dict["perTransactionAmount"] = per_transaction_amount
        if daily_amount is not UNSET:
            field_dict["dailyAmount"] = daily_amount
        if weekly_amount is not UNSET:
            field_dict["weeklyAmount"] = weekly_amount
        if monthly_amount is not UNSET:
            field_dict["monthlyAmount"] = monthly_amount
        if daily_send_count is not UNSET:
            field_dict["dailySendCount"] = daily_send_count

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amount import Amount # noqa: PLC0415
        d = dict(src_dict)
        _per_transaction_amount = d.pop("perTransactionAmount", UNSET)
        per_transaction_amount: Amount | Unset
        if isinstance(_per_transaction_amount,  Unset):
            per_transaction_amount = UNSET
        else:
            per_transaction_amount = Amount.from_dict(_per_transaction_amount)




        _daily_amount = d.pop("dailyAmount", UNSET)
        daily_amount: Amount | Unset
        if isinstance(_daily_amount,  Unset):
            daily_amount = UNSET
        else:
            daily_amount = Amount.from_dict(_daily_amount)




        _weekly_amount = d.pop("weeklyAmount", UNSET)
        weekly_amount: Amount | Unset
        if isinstance(_weekly_amount,  Unset):
            weekly_amount = UNSET
        else:
            weekly_amount = Amount.from_dict(_weekly_amount)




        _monthly_amount = d.pop("monthlyAmount", UNSET)
        monthly_amount: Amount | Unset
        if isinstance(_monthly_amount,  Unset):
            monthly_amount = UNSET
        else:
            monthly_amount = Amount.from_dict(_monthly_amount)




        daily_send_count = d.pop("dailySendCount", UNSET)

        limit_group_ceilings = cls(
            per_transaction_amount=per_transaction_amount,
            daily_amount=daily_amount,
            weekly_amount=weekly_amount,
            monthly_amount=monthly_amount,
            daily_send_count=daily_send_count,
        )


        limit_group_ceilings.additional_properties = d
        return limit_group_ceilings

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
