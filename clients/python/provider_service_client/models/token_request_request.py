from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scopes_enum import ScopesEnum
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TokenRequestRequest")



@_attrs_define
class TokenRequestRequest:
    """ 
        Attributes:
            scopes (list[ScopesEnum] | Unset): A subset of the calling API key's scopes; default: all of them
            ttl_seconds (int | Unset):
     """

    scopes: list[ScopesEnum] | Unset = UNSET
    ttl_seconds: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = []
            for scopes_item_data in self.scopes:
                scopes_item = scopes_item_data.value
                scopes.append(scopes_item)



        ttl_seconds = self.ttl_seconds


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if ttl_seconds is not UNSET:
            field_dict["ttlSeconds"] = ttl_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _scopes = d.pop("scopes", UNSET)
        scopes: list[ScopesEnum] | Unset = UNSET
        if _scopes is not UNSET:
            scopes = []
            for scopes_item_data in _scopes:
                scopes_item = ScopesEnum(scopes_item_data)



                scopes.append(scopes_item)


        ttl_seconds = d.pop("ttlSeconds", UNSET)

        token_request_request = cls(
            scopes=scopes,
            ttl_seconds=ttl_seconds,
        )


        token_request_request.additional_properties = d
        return token_request_request

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
