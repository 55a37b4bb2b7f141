from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.kind_enum import KindEnum
from ..types import UNSET, Unset






T = TypeVar("T", bound="Actor")



@_attrs_define
class Actor:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            kind (KindEnum): * `user` - user
                * `application` - application
                * `system` - system
            user_id (str | Unset):
            application_key_id (str | Unset):
            calling_account_id (str | Unset):
     """

    kind: KindEnum
    user_id: str | Unset = UNSET
    application_key_id: str | Unset = UNSET
    calling_account_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        user_id = self.user_id

        application_key_id = self.application_key_id

        calling_account_id = self.calling_account_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
        })
        if user_id is not UNSET:
            field_dict["userID"] = user_id
        if application_key_id is not UNSET:
            field_dict["applicationKeyID"] = application_key_id
        if calling_account_id is not UNSET:
            field_dict["callingAccountID"] = calling_account_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = KindEnum(d.pop("kind"))




        user_id = d.pop("userID", UNSET)

        application_key_id = d.pop("applicationKeyID", UNSET)

        calling_account_id = d.pop("callingAccountID", UNSET)

        actor = cls(
            kind=kind,
            user_id=user_id,
            application_key_id=application_key_id,
            calling_account_id=calling_account_id,
        )


        actor.additional_properties = d
        return actor

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
