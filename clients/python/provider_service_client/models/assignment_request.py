from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AssignmentRequest")



@_attrs_define
class AssignmentRequest:
    """ 
        Attributes:
            assignee_user_id (str): Service user ID
            expected_version_id (str):
     """

    assignee_user_id: str
    expected_version_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        assignee_user_id = self.assignee_user_id

        expected_version_id = self.expected_version_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "assigneeUserID": assignee_user_id,
            "expectedVersionID": expected_version_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        assignee_user_id = d.pop("assigneeUserID")

        expected_version_id = d.pop("expectedVersionID")

        assignment_request = cls(
            assignee_user_id=assignee_user_id,
            expected_version_id=expected_version_id,
        )


        assignment_request.additional_properties = d
        return assignment_request

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
