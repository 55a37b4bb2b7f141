from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reason_code_enum import ReasonCodeEnum






T = TypeVar("T", bound="SuspendFromReviewRequest")



@_attrs_define
class SuspendFromReviewRequest:
    """ 
        Attributes:
            reason (str):
            reason_code (ReasonCodeEnum): * `suspected-fraud` - Suspected Fraud
                * `account-compromise` - Account Compromise
                * `customer-request` - Customer Request
                * `compliance-review` - Compliance Review
                * `legal-hold` - Legal Hold
                * `policy-violation` - Policy Violation
                * `other` - Other
            expected_version_id (str): The review versionID
            expected_relationship_version_id (str): relationship.versionID from the same review-detail read
     """

    reason: str
    reason_code: ReasonCodeEnum
    expected_version_id: str
    expected_relationship_version_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        reason_code = self.reason_code.value

        expected_version_id = self.expected_version_id

        expected_relationship_version_id = self.expected_relationship_version_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reason": reason,
            "reasonCode": reason_code,
            "expectedVersionID": expected_version_id,
            "expectedRelationshipVersionID": expected_relationship_version_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        reason_code = ReasonCodeEnum(d.pop("reasonCode"))




        expected_version_id = d.pop("expectedVersionID")

        expected_relationship_version_id = d.pop("expectedRelationshipVersionID")

        suspend_from_review_request = cls(
            reason=reason,
            reason_code=reason_code,
            expected_version_id=expected_version_id,
            expected_relationship_version_id=expected_relationship_version_id,
        )


        suspend_from_review_request.additional_properties = d
        return suspend_from_review_request

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
