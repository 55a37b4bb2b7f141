from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.evidence_level_enum import EvidenceLevelEnum
from ..models.key_enum import KeyEnum






T = TypeVar("T", bound="Signal")



@_attrs_define
class Signal:
    """ 
        Attributes:
            key (KeyEnum): * `addressRiskLevel` - Address Risk Level
                * `emailDomainLevel` - Email Domain Level
                * `emailLevel` - Email Level
                * `pepLevel` - Pep Level
                * `phoneLevel` - Phone Level
                * `sanctionLevel` - Sanction Level
            value (EvidenceLevelEnum): * `low` - Low
                * `medium` - Medium
                * `high` - High
                * `very_high` - Very High
                * `unknown` - Unknown
     """

    key: KeyEnum
    value: EvidenceLevelEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        key = self.key.value

        value = self.value.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "key": key,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = KeyEnum(d.pop("key"))




        value = EvidenceLevelEnum(d.pop("value"))




        signal = cls(
            key=key,
            value=value,
        )


        signal.additional_properties = d
        return signal

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
