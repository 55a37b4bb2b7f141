from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.funded_from_type_enum import FundedFromTypeEnum
from ..types import UNSET, Unset






T = TypeVar("T", bound="FundedFrom")



@_attrs_define
class FundedFrom:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            funding_type (FundedFromTypeEnum): * `aft` - Aft
                * `core_ledger` - Core Ledger
                * `unknown` - Unknown
            reference (str | Unset):
     """

    funding_type: FundedFromTypeEnum
    reference: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        funding_type = self.funding_type.value

        reference = self.reference


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "fundingType": funding_type,
        })
        if reference is not UNSET:
            field_dict["reference"] = reference

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        funding_type = FundedFromTypeEnum(d.pop("fundingType"))




        reference = d.pop("reference", UNSET)

        funded_from = cls(
            funding_type=funding_type,
            reference=reference,
        )


        funded_from.additional_properties = d
        return funded_from

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
