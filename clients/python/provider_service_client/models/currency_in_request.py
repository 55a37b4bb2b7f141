from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="CurrencyInRequest")



@_attrs_define
class CurrencyInRequest:
    """ 
        Attributes:
            code (str): ISO 4217, uppercase
            decimal_places (int | Unset): When given, must be the currency's (as the service renders it)
     """

    code: str
    decimal_places: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        decimal_places = self.decimal_places


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
        })
        if decimal_places is not UNSET:
            field_dict["decimalPlaces"] = decimal_places

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        decimal_places = d.pop("decimalPlaces", UNSET)

        currency_in_request = cls(
            code=code,
            decimal_places=decimal_places,
        )


        currency_in_request.additional_properties = d
        return currency_in_request

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
