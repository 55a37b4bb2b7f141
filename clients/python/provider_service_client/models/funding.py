from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.funding_type_enum import FundingTypeEnum
from ..types import UNSET, Unset






T = TypeVar("T", bound="Funding")



@_attrs_define
class Funding:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            funding_type (FundingTypeEnum): * `card` - Card
                * `bank_account` - Bank Account
            display_name (str | Unset):
            last4 (str | Unset):
     """

    funding_type: FundingTypeEnum
    display_name: str | Unset = UNSET
    last4: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        funding_type = self.funding_type.value

        display_name = self.display_name

        last4 = self.last4


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "fundingType": funding_type,
        })
        if display_name is not UNSET:
            field_dict["displayName"] = display_name
        if last4 is not UNSET:
            field_dict["last4"] = last4

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        funding_type = FundingTypeEnum(d.pop("fundingType"))




        display_name = d.pop("displayName", UNSET)

        last4 = d.pop("last4", UNSET)

        funding = cls(
            funding_type=funding_type,
            display_name=display_name,
            last4=last4,
        )


        funding.additional_properties = d
        return funding

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
