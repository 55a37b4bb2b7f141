from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.evidence_level_enum import EvidenceLevelEnum
from ..types import UNSET, Unset






T = TypeVar("T", bound="TransactionEvidence")



@_attrs_define
class TransactionEvidence:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            level (EvidenceLevelEnum | Unset): * `low` - Low
                * `medium` - Medium
                * `high` - High
                * `very_high` - Very High
                * `unknown` - Unknown
            aml_level (EvidenceLevelEnum | Unset): * `low` - Low
                * `medium` - Medium
                * `high` - High
                * `very_high` - Very High
                * `unknown` - Unknown
     """

    level: EvidenceLevelEnum | Unset = UNSET
    aml_level: EvidenceLevelEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value


        aml_level: str | Unset = UNSET
        if not isinstance(self.aml_level, Unset):
            aml_level = self.aml_level.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if level is not UNSET:
            field_dict["level"] = level
        if aml_level is not UNSET:
            field_dict["amlLevel"] = aml_level

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _level = d.pop("level", UNSET)
        level: EvidenceLevelEnum | Unset
        if isinstance(_level,  Unset):
            level = UNSET
        else:
            level = EvidenceLevelEnum(_level)




        _aml_level = d.pop("amlLevel", UNSET)
        aml_level: EvidenceLevelEnum | Unset
        if isinstance(_aml_level,  Unset):
            aml_level = UNSET
        else:
            aml_level = EvidenceLevelEnum(_aml_level)




        transaction_evidence = cls(
            level=level,
            aml_level=aml_level,
        )


        transaction_evidence.additional_properties = d
        return transaction_evidence

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
