from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.participant_status_enum import ParticipantStatusEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.address import Address
  from ..models.phone_number import PhoneNumber
  from ..models.relationship_summary import RelationshipSummary





T = TypeVar("T", bound="ParticipantCreated")



@_attrs_define
class ParticipantCreated:
    """ The 201 body: IDs plus the profile echoed as it was sent (fundingSources not returned),
    then `status` (pending until onboarding finishes) and `relationship` as the participant
    read renders them, so a suspension can take its expectedVersionID from this answer.

        Attributes:
            participant_id (str):
            external_id (str):
            given_name (str):
            family_name (str):
            address (Address): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            phones (list[PhoneNumber]):
            emails (list[str]):
            status (ParticipantStatusEnum): * `active` - Active
                * `disabled` - Disabled
                * `pending` - Pending
                * `denied` - Denied
            relationship (RelationshipSummary): Output serializer for the contract's omission rule: an optional field that
                is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            middle_name (str | Unset):
            nick_name (str | Unset):
            date_of_birth (datetime.date | Unset):
     """

    participant_id: str
    external_id: str
    given_name: str
    family_name: str
    address: Address
    phones: list[PhoneNumber]
    emails: list[str]
    status: ParticipantStatusEnum
    relationship: RelationshipSummary
    middle_name: str | Unset = UNSET
    nick_name: str | Unset = UNSET
    date_of_birth: datetime.date | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.address import Address # noqa: PLC0415
        from ..models.phone_number import PhoneNumber # noqa: PLC0415
        from ..models.relationship_summary import RelationshipSummary # noqa: PLC0415
        participant_id = self.participant_id

        external_id = self.external_id

        given_name = self.given_name

        family_name = self.family_name

        address = self.address.to_dict()

        phones = []
        for phones_item_data in self.phones:
            phones_item = phones_item_data.to_dict()
            phones.append(phones_item)



        emails = self.emails



        status = self.status.value

        relationship = self.relationship.to_dict()

        middle_name = self.middle_name

        nick_name = self.nick_name

        date_of_birth: str | Unset = UNSET
        if not isinstance(self.date_of_birth, Unset):
            date_of_birth = self.date_of_birth.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "participantID": participant_id,
            "externalID": external_id,
            "givenName": given_name,
            "familyName": family_name,
            "address": address,
            "phones": phones,
            "emails": emails,
            "status": status,
            "relationship": relationship,
        })
        if middle_name is not UNSET:
            field_dict["middleName"] = middle_name
        if nick_name is not UNSET:
            field_dict["nickName"] = nick_name
        if date_of_birth is not UNSET:
            field_dict["dateOfBirth"] = date_of_birth

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address import Address # noqa: PLC0415
        from ..models.phone_number import PhoneNumber # noqa: PLC0415
        from ..models.relationship_summary import RelationshipSummary # noqa: PLC0415
        d = dict(src_dict)
        participant_id = d.pop("participantID")

        external_id = d.pop("externalID")

        given_name = d.pop("givenName")

        family_name = d.pop("familyName")

        address = Address.from_dict(d.pop("address"))




        phones = []
        _phones = d.pop("phones")
        for phones_item_data in (_phones):
            phones_item = PhoneNumber.from_dict(phones_item_data)



            phones.append(phones_item)


        emails = cast(list[str], d.pop("emails"))


        status = ParticipantStatusEnum(d.pop("status"))




        relationship = RelationshipSummary.from_dict(d.pop("relationship"))




        middle_name = d.pop("middleName", UNSET)

        nick_name = d.pop("nickName", UNSET)

        _date_of_birth = d.pop("dateOfBirth", UNSET)
        date_of_birth: datetime.date | Unset
        if isinstance(_date_of_birth,  Unset):
            date_of_birth = UNSET
        else:
            date_of_birth = datetime.date.fromisoformat(_date_of_birth)




        participant_created = cls(
            participant_id=participant_id,
            external_id=external_id,
            given_name=given_name,
            family_name=family_name,
            address=address,
            phones=phones,
            emails=emails,
            status=status,
            relationship=relationship,
            middle_name=middle_name,
            nick_name=nick_name,
            date_of_birth=date_of_birth,
        )


        participant_created.additional_properties = d
        return participant_created

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
