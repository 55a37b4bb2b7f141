from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.funding import Funding





T = TypeVar("T", bound="Party")



@_attrs_define
class Party:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            participant_id (str | Unset):
            external_id (str | Unset):
            display_name (str | Unset):
            phone_number (str | Unset): E.164
            funding (Funding | Unset): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
     """

    participant_id: str | Unset = UNSET
    external_id: str | Unset = UNSET
    display_name: str | Unset = UNSET
    phone_number: str | Unset = UNSET
    funding: Funding | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.funding import Funding # noqa: PLC0415
        participant_id = self.participant_id

        external_id = self.external_id

        display_name = self.display_name

        phone_number = self.phone_number

        funding: dict[str, Any] | Unset = UNSET
        if not isinstance(self.funding, Unset):
            funding = self.funding.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if participant_id is not UNSET:
            field_dict["participantID"] = participant_id
        if external_id is not UNSET:
            field_dict["externalID"] = external_id
        if display_name is not UNSET:
            field_dict["displayName"] = display_name
        if phone_number is not UNSET:
            field_dict["phoneNumber"] = phone_number
        if funding is not UNSET:
            field_dict["funding"] = funding

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.funding import Funding # noqa: PLC0415
        d = dict(src_dict)
        participant_id = d.pop("participantID", UNSET)

        external_id = d.pop("externalID", UNSET)

        display_name = d.pop("displayName", UNSET)

        phone_number = d.pop("phoneNumber", UNSET)

        _funding = d.pop("funding", UNSET)
        funding: Funding | Unset
        if isinstance(_funding,  Unset):
            funding = UNSET
        else:
            funding = Funding.from_dict(_funding)




        party = cls(
            participant_id=participant_id,
            external_id=external_id,
            display_name=display_name,
            phone_number=phone_number,
            funding=funding,
        )


        party.additional_properties = d
        return party

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
