from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Currency")



@_attrs_define
class Currency:
    """ 
        Attributes:
            code (str):
            decimal_places (int):
            numeric_code (str | Unset):
            name (str | Unset):
     """

    code: str
    decimal_places: int
    numeric_code: str | Unset = UNSET
    name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        decimal_places = self.decimal_places

        numeric_code = self.numeric_code

        name = self.name


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "decimalPlaces": decimal_places,
        })
        if numeric_code is not UNSET:
            field_dict["numericCode"] = numeric_code
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        decimal_places = d.pop("decimalPlaces")

        numeric_code = d.pop("numericCode", UNSET)

        name = d.pop("name", UNSET)

        currency = cls(
            code=code,
            decimal_places=decimal_places,
            numeric_code=numeric_code,
            name=name,
        )


        currency.additional_properties = d
        return currency

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
