from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reason_code_enum import ReasonCodeEnum
from ..types import UNSET, Unset






T = TypeVar("T", bound="SuspendRequest")



@_attrs_define
class SuspendRequest:
    """ 
        Attributes:
            reason_code (ReasonCodeEnum): * `suspected-fraud` - Suspected Fraud
                * `account-compromise` - Account Compromise
                * `customer-request` - Customer Request
                * `compliance-review` - Compliance Review
                * `legal-hold` - Legal Hold
                * `policy-violation` - Policy Violation
                * `other` - Other
            expected_version_id (str):
            note (str | Unset):
     """

    reason_code: ReasonCodeEnum
    expected_version_id: str
    note: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        reason_code = self.reason_code.value

        expected_version_id = self.expected_version_id

        note = self.note


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reasonCode": reason_code,
            "expectedVersionID": expected_version_id,
        })
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason_code = ReasonCodeEnum(d.pop("reasonCode"))




        expected_version_id = d.pop("expectedVersionID")

        note = d.pop("note", UNSET)

        suspend_request = cls(
            reason_code=reason_code,
            expected_version_id=expected_version_id,
            note=note,
        )


        suspend_request.additional_properties = d
        return suspend_request

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
