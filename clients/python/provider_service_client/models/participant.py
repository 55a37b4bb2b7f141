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
  from ..models.email import Email
  from ..models.limit_group_ref import LimitGroupRef
  from ..models.phone import Phone
  from ..models.relationship_summary import RelationshipSummary





T = TypeVar("T", bound="Participant")



@_attrs_define
class Participant:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            participant_id (str):
            external_id (str):
            given_name (str):
            family_name (str):
            address (Address): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            version_id (str): Opaque token of the details (names, address, phones, emails); send it as expectedVersionID to
                correct them. Not the relationship's versionID
            phones (list[Phone]):
            emails (list[Email]):
            limit_groups (list[LimitGroupRef]):
            status (ParticipantStatusEnum): * `active` - Active
                * `disabled` - Disabled
                * `pending` - Pending
                * `denied` - Denied
            created_on (datetime.datetime):
            updated_on (datetime.datetime): The later of the enrollment's and the participant's last change
            relationship (RelationshipSummary): Output serializer for the contract's omission rule: an optional field that
                is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            middle_name (str | Unset):
            nick_name (str | Unset):
            date_of_birth (datetime.date | Unset):
            service_account_id (str | Unset):
            disabled_on (datetime.datetime | Unset):
     """

    participant_id: str
    external_id: str
    given_name: str
    family_name: str
    address: Address
    version_id: str
    phones: list[Phone]
    emails: list[Email]
    limit_groups: list[LimitGroupRef]
    status: ParticipantStatusEnum
    created_on: datetime.datetime
    updated_on: datetime.datetime
    relationship: RelationshipSummary
    middle_name: str | Unset = UNSET
    nick_name: str | Unset = UNSET
    date_of_birth: datetime.date | Unset = UNSET
    service_account_id: str | Unset = UNSET
    disabled_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.address import Address # noqa: PLC0415
        from ..models.email import Email # noqa: PLC0415
        from ..models.limit_group_ref import LimitGroupRef # noqa: PLC0415
        from ..models.phone import Phone # noqa: PLC0415
        from ..models.relationship_summary import RelationshipSummary # noqa: PLC0415
        participant_id = self.participant_id

        external_id = self.external_id

        given_name = self.given_name

        family_name = self.family_name

        address = self.address.to_dict()

        version_id = self.version_id

        phones = []
        for phones_item_data in self.phones:
            phones_item = phones_item_data.to_dict()
            phones.append(phones_item)



        emails = []
        for emails_item_data in self.emails:
            emails_item = emails_item_data.to_dict()
            emails.append(emails_item)



        limit_groups = []
        for limit_groups_item_data in self.limit_groups:
            limit_groups_item = limit_groups_item_data.to_dict()
            limit_groups.append(limit_groups_item)



        status = self.status.value

        created_on = self.created_on.isoformat()

        updated_on = self.updated_on.isoformat()

        relationship = self.relationship.to_dict()

        middle_name = self.middle_name

        nick_name = self.nick_name

        date_of_birth: str | Unset = UNSET
        if not isinstance(self.date_of_birth, Unset):
            date_of_birth = self.date_of_birth.isoformat()

        service_account_id = self.service_account_id

        disabled_on: str | Unset = UNSET
        if not isinstance(self.disabled_on, Unset):
            disabled_on = self.disabled_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "participantID": participant_id,
            "externalID": external_id,
            "givenName": given_name,
            "familyName": family_name,
            "address": address,
            "versionID": version_id,
            "phones": phones,
            "emails": emails,
            "limitGroups": limit_groups,
            "status": status,
            "createdOn": created_on,
            "updatedOn": updated_on,
            "relationship": relationship,
        })
        if middle_name is not UNSET:
            field_dict["middleName"] = middle_name
        if nick_name is not UNSET:
            field_dict["nickName"] = nick_name
        if date_of_birth is not UNSET:
            field_dict["dateOfBirth"] = date_of_birth
        if service_account_id is not UNSET:
            field_dict["serviceAccountID"] = service_account_id
        if disabled_on is not UNSET:
            field_dict["disabledOn"] = disabled_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address import Address # noqa: PLC0415
        from ..models.email import Email # noqa: PLC0415
        from ..models.limit_group_ref import LimitGroupRef # noqa: PLC0415
        from ..models.phone import Phone # noqa: PLC0415
        from ..models.relationship_summary import RelationshipSummary # noqa: PLC0415
        d = dict(src_dict)
        participant_id = d.pop("participantID")

        external_id = d.pop("externalID")

        given_name = d.pop("givenName")

        family_name = d.pop("familyName")

        address = Address.from_dict(d.pop("address"))




        version_id = d.pop("versionID")

        phones = []
        _phones = d.pop("phones")
        for phones_item_data in (_phones):
            phones_item = Phone.from_dict(phones_item_data)



            phones.append(phones_item)


        emails = []
        _emails = d.pop("emails")
        for emails_item_data in (_emails):
            emails_item = Email.from_dict(emails_item_data)



            emails.append(emails_item)


        limit_groups = []
        _limit_groups = d.pop("limitGroups")
        for limit_groups_item_data in (_limit_groups):
            limit_groups_item = LimitGroupRef.from_dict(limit_groups_item_data)



            limit_groups.append(limit_groups_item)


        status = ParticipantStatusEnum(d.pop("status"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        updated_on = datetime.datetime.fromisoformat(d.pop("updatedOn"))




        relationship = RelationshipSummary.from_dict(d.pop("relationship"))




        middle_name = d.pop("middleName", UNSET)

        nick_name = d.pop("nickName", UNSET)

        _date_of_birth = d.pop("dateOfBirth", UNSET)
        date_of_birth: datetime.date | Unset
        if isinstance(_date_of_birth,  Unset):
            date_of_birth = UNSET
        else:
            date_of_birth = datetime.date.fromisoformat(_date_of_birth)




        service_account_id = d.pop("serviceAccountID", UNSET)

        _disabled_on = d.pop("disabledOn", UNSET)
        disabled_on: datetime.datetime | Unset
        if isinstance(_disabled_on,  Unset):
            disabled_on = UNSET
        else:
            disabled_on = datetime.datetime.fromisoformat(_disabled_on)




        participant = cls(
            participant_id=participant_id,
            external_id=external_id,
            given_name=given_name,
            family_name=family_name,
            address=address,
            version_id=version_id,
            phones=phones,
            emails=emails,
            limit_groups=limit_groups,
            status=status,
            created_on=created_on,
            updated_on=updated_on,
            relationship=relationship,
            middle_name=middle_name,
            nick_name=nick_name,
            date_of_birth=date_of_birth,
            service_account_id=service_account_id,
            disabled_on=disabled_on,
        )


        participant.additional_properties = d
        return participant

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
