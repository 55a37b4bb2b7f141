from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.funding_type_enum import FundingTypeEnum
from ..types import UNSET, Unset






T = TypeVar("T", bound="FundingSourceInRequest")



@_attrs_define
class FundingSourceInRequest:
    """ 
        Attributes:
            display_name (str):
            funding_type (FundingTypeEnum): * `card` - Card
                * `bank_account` - Bank Account
            provider_source_id (str):
            last4 (str | Unset):
     """

    display_name: str
    funding_type: FundingTypeEnum
    provider_source_id: str
    last4: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        funding_type = self.funding_type.value

        provider_source_id = self.provider_source_id

        last4 = self.last4


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "displayName": display_name,
            "fundingType": funding_type,
            "providerSourceID": provider_source_id,
        })
        if last4 is not UNSET:
            field_dict["last4"] = last4

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        display_name = d.pop("displayName")

        funding_type = FundingTypeEnum(d.pop("fundingType"))




        provider_source_id = d.pop("providerSourceID")

        last4 = d.pop("last4", UNSET)

        funding_source_in_request = cls(
            display_name=display_name,
            funding_type=funding_type,
            provider_source_id=provider_source_id,
            last4=last4,
        )


        funding_source_in_request.additional_properties = d
        return funding_source_in_request

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
