from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.limit_provider_source_enum import LimitProviderSourceEnum






T = TypeVar("T", bound="LimitProviderSources")



@_attrs_define
class LimitProviderSources:
    """ 
        Attributes:
            per_transaction_amount (LimitProviderSourceEnum): * `platform` - platform
                * `provider` - provider
            daily_amount (LimitProviderSourceEnum): * `platform` - platform
                * `provider` - provider
            weekly_amount (LimitProviderSourceEnum): * `platform` - platform
                * `provider` - provider
            monthly_amount (LimitProviderSourceEnum): * `platform` - platform
                * `provider` - provider
            daily_send_count (LimitProviderSourceEnum): * `platform` - platform
                * `provider` - provider
     """

    per_transaction_amount: LimitProviderSourceEnum
    daily_amount: LimitProviderSourceEnum
    weekly_amount: LimitProviderSourceEnum
    monthly_amount: LimitProviderSourceEnum
    daily_send_count: LimitProviderSourceEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        per_transaction_amount = self.per_transaction_amount.value

        daily_amount = self.daily_amount.value

        weekly_amount = self.weekly_amount.value

        monthly_amount = self.monthly_amount.value

        daily_send_count = self.daily_send_count.value


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
        d = dict(src_dict)
        per_transaction_amount = LimitProviderSourceEnum(d.pop("perTransactionAmount"))




        daily_amount = LimitProviderSourceEnum(d.pop("dailyAmount"))




        weekly_amount = LimitProviderSourceEnum(d.pop("weeklyAmount"))




        monthly_amount = LimitProviderSourceEnum(d.pop("monthlyAmount"))




        daily_send_count = LimitProviderSourceEnum(d.pop("dailySendCount"))




        limit_provider_sources = cls(
            per_transaction_amount=per_transaction_amount,
            daily_amount=daily_amount,
            weekly_amount=weekly_amount,
            monthly_amount=monthly_amount,
            daily_send_count=daily_send_count,
        )


        limit_provider_sources.additional_properties = d
        return limit_provider_sources

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
