from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.amount import Amount





T = TypeVar("T", bound="LimitValues")



@_attrs_define
class LimitValues:
    """ 
        Attributes:
            per_transaction_amount (Amount):
            daily_amount (Amount):
            weekly_amount (Amount):
            monthly_amount (Amount):
            daily_send_count (int):
     """

    per_transaction_amount: Amount
    daily_amount: Amount
    weekly_amount: Amount
    monthly_amount: Amount
    daily_send_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.amount import Amount # noqa: PLC0415
        per_transaction_amount = self.per_transaction_amount.to_dict()

        daily_amount = self.daily_amount.to_dict()

        weekly_amount = self.weekly_amount.to_dict()

        monthly_amount = self.monthly_amount.to_dict()

        daily_send_count = self.daily_send_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "perTransactionAmount": per_transaction_amount,
            "dailyAmount": daily_amount,
            "weeklyAmount": weekly_amount,
            "monthlyAmount": monthly_amount,
            "dailySendCount": daily_send_count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amount import Amount # noqa: PLC0415
        d = dict(src_dict)
        per_transaction_amount = Amount.from_dict(d.pop("perTransactionAmount"))




        daily_amount = Amount.from_dict(d.pop("dailyAmount"))




        weekly_amount = Amount.from_dict(d.pop("weeklyAmount"))




        monthly_amount = Amount.from_dict(d.pop("monthlyAmount"))




        daily_send_count = d.pop("dailySendCount")

        limit_values = cls(
            per_transaction_amount=per_transaction_amount,
            daily_amount=daily_amount,
            weekly_amount=weekly_amount,
            monthly_amount=monthly_amount,
            daily_send_count=daily_send_count,
        )


        limit_values.additional_properties = d
        return limit_values

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
