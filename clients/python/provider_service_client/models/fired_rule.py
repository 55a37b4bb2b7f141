from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="FiredRule")



@_attrs_define
class FiredRule:
    """ 
        Attributes:
            rule_id (int):
            name (str):
            is_live (bool):
            is_allowlisted (bool):
     """

    rule_id: int
    name: str
    is_live: bool
    is_allowlisted: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        rule_id = self.rule_id

        name = self.name

        is_live = self.is_live

        is_allowlisted = self.is_allowlisted


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ruleID": rule_id,
            "name": name,
            "isLive": is_live,
            "isAllowlisted": is_allowlisted,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rule_id = d.pop("ruleID")

        name = d.pop("name")

        is_live = d.pop("isLive")

        is_allowlisted = d.pop("isAllowlisted")

        fired_rule = cls(
            rule_id=rule_id,
            name=name,
            is_live=is_live,
            is_allowlisted=is_allowlisted,
        )


        fired_rule.additional_properties = d
        return fired_rule

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
