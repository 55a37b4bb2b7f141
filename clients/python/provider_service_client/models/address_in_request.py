from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.country_enum import CountryEnum
from ..types import UNSET, Unset






T = TypeVar("T", bound="AddressInRequest")



@_attrs_define
class AddressInRequest:
    """ 
        Attributes:
            address_line_1 (str):
            city (str):
            state_or_province (str):
            postal_code (str):
            country (CountryEnum):
            address_line_2 (str | Unset):
     """

    address_line_1: str
    city: str
    state_or_province: str
    postal_code: str
    country: CountryEnum
    address_line_2: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        address_line_1 = self.address_line_1

        city = self.city

        state_or_province = self.state_or_province

        postal_code = self.postal_code

        country = self.country.value

        address_line_2 = self.address_line_2


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "addressLine1": address_line_1,
            "city": city,
            "stateOrProvince": state_or_province,
            "postalCode": postal_code,
            "country": country,
        })
        if address_line_2 is not UNSET:
            field_dict["addressLine2"] = address_line_2

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address_line_1 = d.pop("addressLine1")

        city = d.pop("city")

        state_or_province = d.pop("stateOrProvince")

        postal_code = d.pop("postalCode")

        country = CountryEnum(d.pop("country"))




        address_line_2 = d.pop("addressLine2", UNSET)

        address_in_request = cls(
            address_line_1=address_line_1,
            city=city,
            state_or_province=state_or_province,
            postal_code=postal_code,
            country=country,
            address_line_2=address_line_2,
        )


        address_in_request.additional_properties = d
        return address_in_request

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
