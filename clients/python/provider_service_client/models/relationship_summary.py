from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reason_code_enum import ReasonCodeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="RelationshipSummary")



@_attrs_define
class RelationshipSummary:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            suspended (bool):
            version_id (str):
            suspended_on (datetime.datetime | Unset):
            reason_code (ReasonCodeEnum | Unset): * `suspected-fraud` - Suspected Fraud
                * `account-compromise` - Account Compromise
                * `customer-request` - Customer Request
                * `compliance-review` - Compliance Review
                * `legal-hold` - Legal Hold
                * `policy-violation` - Policy Violation
                * `other` - Other
     """

    suspended: bool
    version_id: str
    suspended_on: datetime.datetime | Unset = UNSET
    reason_code: ReasonCodeEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        suspended = self.suspended

        version_id = self.version_id

        suspended_on: str | Unset = UNSET
        if not isinstance(self.suspended_on, Unset):
            suspended_on = self.suspended_on.isoformat()

        reason_code: str | Unset = UNSET
        if not isinstance(self.reason_code, Unset):
            reason_code = self.reason_code.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "suspended": suspended,
            "versionID": version_id,
        })
        if suspended_on is not UNSET:
            field_dict["suspendedOn"] = suspended_on
        if reason_code is not UNSET:
            field_dict["reasonCode"] = reason_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        suspended = d.pop("suspended")

        version_id = d.pop("versionID")

        _suspended_on = d.pop("suspendedOn", UNSET)
        suspended_on: datetime.datetime | Unset
        if isinstance(_suspended_on,  Unset):
            suspended_on = UNSET
        else:
            suspended_on = datetime.datetime.fromisoformat(_suspended_on)




        _reason_code = d.pop("reasonCode", UNSET)
        reason_code: ReasonCodeEnum | Unset
        if isinstance(_reason_code,  Unset):
            reason_code = UNSET
        else:
            reason_code = ReasonCodeEnum(_reason_code)




        relationship_summary = cls(
            suspended=suspended,
            version_id=version_id,
            suspended_on=suspended_on,
            reason_code=reason_code,
        )


        relationship_summary.additional_properties = d
        return relationship_summary

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
