from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.key import Key
  from ..models.previous_key import PreviousKey





T = TypeVar("T", bound="LedgerRegistration")



@_attrs_define
class LedgerRegistration:
    """ 
        Attributes:
            provider_id (str):
            authorize_url (str):
            release_url (str):
            capture_url (str):
            key (Key):
            created_on (datetime.datetime):
            updated_on (datetime.datetime):
            previous_key (PreviousKey | Unset):
     """

    provider_id: str
    authorize_url: str
    release_url: str
    capture_url: str
    key: Key
    created_on: datetime.datetime
    updated_on: datetime.datetime
    previous_key: PreviousKey | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.key import Key # noqa: PLC0415
        from ..models.previous_key import PreviousKey # noqa: PLC0415
        provider_id = self.provider_id

        authorize_url = self.authorize_url

        release_url = self.release_url

        capture_url = self.capture_url

        key = self.key.to_dict()

        created_on = self.created_on.isoformat()

        updated_on = self.updated_on.isoformat()

        previous_key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.previous_key, Unset):
            previous_key = self.previous_key.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "providerID": provider_id,
            "authorizeURL": authorize_url,
            "releaseURL": release_url,
            "captureURL": capture_url,
            "key": key,
            "createdOn": created_on,
            "updatedOn": updated_on,
        })
        if previous_key is not UNSET:
            field_dict["previousKey"] = previous_key

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.key import Key # noqa: PLC0415
        from ..models.previous_key import PreviousKey # noqa: PLC0415
        d = dict(src_dict)
        provider_id = d.pop("providerID")

        authorize_url = d.pop("authorizeURL")

        release_url = d.pop("releaseURL")

        capture_url = d.pop("captureURL")

        key = Key.from_dict(d.pop("key"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        updated_on = datetime.datetime.fromisoformat(d.pop("updatedOn"))




        _previous_key = d.pop("previousKey", UNSET)
        previous_key: PreviousKey | Unset
        if isinstance(_previous_key,  Unset):
            previous_key = UNSET
        else:
            previous_key = PreviousKey.from_dict(_previous_key)




        ledger_registration = cls(
            provider_id=provider_id,
            authorize_url=authorize_url,
            release_url=release_url,
            capture_url=capture_url,
            key=key,
            created_on=created_on,
            updated_on=updated_on,
            previous_key=previous_key,
        )


        ledger_registration.additional_properties = d
        return ledger_registration

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
