from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="Email")



@_attrs_define
class Email:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            created_on (datetime.datetime):
            email (str):
            disabled_on (datetime.datetime | Unset):
            verified_on (datetime.datetime | Unset):
     """

    created_on: datetime.datetime
    email: str
    disabled_on: datetime.datetime | Unset = UNSET
    verified_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        created_on = self.created_on.isoformat()

        email = self.email

        disabled_on: str | Unset = UNSET
        if not isinstance(self.disabled_on, Unset):
            disabled_on = self.disabled_on.isoformat()

        verified_on: str | Unset = UNSET
        if not isinstance(self.verified_on, Unset):
            verified_on = self.verified_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "createdOn": created_on,
            "email": email,
        })
        if disabled_on is not UNSET:
            field_dict["disabledOn"] = disabled_on
        if verified_on is not UNSET:
            field_dict["verifiedOn"] = verified_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        email = d.pop("email")

        _disabled_on = d.pop("disabledOn", UNSET)
        disabled_on: datetime.datetime | Unset
        if isinstance(_disabled_on,  Unset):
            disabled_on = UNSET
        else:
            disabled_on = datetime.datetime.fromisoformat(_disabled_on)




        _verified_on = d.pop("verifiedOn", UNSET)
        verified_on: datetime.datetime | Unset
        if isinstance(_verified_on,  Unset):
            verified_on = UNSET
        else:
            verified_on = datetime.datetime.fromisoformat(_verified_on)




        email = cls(
            created_on=created_on,
            email=email,
            disabled_on=disabled_on,
            verified_on=verified_on,
        )


        email.additional_properties = d
        return email

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
