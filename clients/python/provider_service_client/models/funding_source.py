from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.funding_type_enum import FundingTypeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="FundingSource")



@_attrs_define
class FundingSource:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            funding_source_id (str):
            provider_source_id (str):
            display_name (str):
            funding_type (FundingTypeEnum): * `card` - Card
                * `bank_account` - Bank Account
            created_on (datetime.datetime):
            updated_on (datetime.datetime):
            last4 (str | Unset):
            disabled_on (datetime.datetime | Unset):
     """

    funding_source_id: str
    provider_source_id: str
    display_name: str
    funding_type: FundingTypeEnum
    created_on: datetime.datetime
    updated_on: datetime.datetime
    last4: str | Unset = UNSET
    disabled_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        funding_source_id = self.funding_source_id

        provider_source_id = self.provider_source_id

        display_name = self.display_name

        funding_type = self.funding_type.value

        created_on = self.created_on.isoformat()

        updated_on = self.updated_on.isoformat()

        last4 = self.last4

        disabled_on: str | Unset = UNSET
        if not isinstance(self.disabled_on, Unset):
            disabled_on = self.disabled_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "fundingSourceID": funding_source_id,
            "providerSourceID": provider_source_id,
            "displayName": display_name,
            "fundingType": funding_type,
            "createdOn": created_on,
            "updatedOn": updated_on,
        })
        if last4 is not UNSET:
            field_dict["last4"] = last4
        if disabled_on is not UNSET:
            field_dict["disabledOn"] = disabled_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        funding_source_id = d.pop("fundingSourceID")

        provider_source_id = d.pop("providerSourceID")

        display_name = d.pop("displayName")

        funding_type = FundingTypeEnum(d.pop("fundingType"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        updated_on = datetime.datetime.fromisoformat(d.pop("updatedOn"))




        last4 = d.pop("last4", UNSET)

        _disabled_on = d.pop("disabledOn", UNSET)
        disabled_on: datetime.datetime | Unset
        if isinstance(_disabled_on,  Unset):
            disabled_on = UNSET
        else:
            disabled_on = datetime.datetime.fromisoformat(_disabled_on)




        funding_source = cls(
            funding_source_id=funding_source_id,
            provider_source_id=provider_source_id,
            display_name=display_name,
            funding_type=funding_type,
            created_on=created_on,
            updated_on=updated_on,
            last4=last4,
            disabled_on=disabled_on,
        )


        funding_source.additional_properties = d
        return funding_source

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
