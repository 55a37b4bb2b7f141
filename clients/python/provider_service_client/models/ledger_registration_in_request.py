from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.key_in_request import KeyInRequest





T = TypeVar("T", bound="LedgerRegistrationInRequest")



@_attrs_define
class LedgerRegistrationInRequest:
    """ 
        Attributes:
            authorize_url (str): Absolute https URL (http only in DEBUG), at most 2000 characters, no credentials or
                fragment; its host must not be or resolve to a loopback, private, link-local or other special-purpose address
            release_url (str): Absolute https URL (http only in DEBUG), at most 2000 characters, no credentials or fragment;
                its host must not be or resolve to a loopback, private, link-local or other special-purpose address
            capture_url (str): Absolute https URL (http only in DEBUG), at most 2000 characters, no credentials or fragment;
                its host must not be or resolve to a loopback, private, link-local or other special-purpose address
            key (KeyInRequest | Unset):
     """

    authorize_url: str
    release_url: str
    capture_url: str
    key: KeyInRequest | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.key_in_request import KeyInRequest # noqa: PLC0415
        authorize_url = self.authorize_url

        release_url = self.release_url

        capture_url = self.capture_url

        key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.key, Unset):
            key = self.key.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "authorizeURL": authorize_url,
            "releaseURL": release_url,
            "captureURL": capture_url,
        })
        if key is not UNSET:
            field_dict["key"] = key

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.key_in_request import KeyInRequest # noqa: PLC0415
        d = dict(src_dict)
        authorize_url = d.pop("authorizeURL")

        release_url = d.pop("releaseURL")

        capture_url = d.pop("captureURL")

        _key = d.pop("key", UNSET)
        key: KeyInRequest | Unset
        if isinstance(_key,  Unset):
            key = UNSET
        else:
            key = KeyInRequest.from_dict(_key)




        ledger_registration_in_request = cls(
            authorize_url=authorize_url,
            release_url=release_url,
            capture_url=capture_url,
            key=key,
        )


        ledger_registration_in_request.additional_properties = d
        return ledger_registration_in_request

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
