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
  from ..models.address_in_request import AddressInRequest
  from ..models.funding_source_in_request import FundingSourceInRequest
  from ..models.phone_in_request import PhoneInRequest





T = TypeVar("T", bound="ParticipantCreateRequest")



@_attrs_define
class ParticipantCreateRequest:
    """ 
        Attributes:
            external_id (str): Unique within the provider; not starting `usr_`, no `/`
            given_name (str):
            family_name (str):
            address (AddressInRequest):
            phones (list[PhoneInRequest]):
            middle_name (str | Unset):
            nick_name (str | Unset):
            date_of_birth (datetime.date | Unset):
            emails (list[str] | Unset):
            funding_sources (list[FundingSourceInRequest] | Unset):
     """

    external_id: str
    given_name: str
    family_name: str
    address: AddressInRequest
    phones: list[PhoneInRequest]
    middle_name: str | Unset = UNSET
    nick_name: str | Unset = UNSET
    date_of_birth: datetime.date | Unset = UNSET
    emails: list[str] | Unset = UNSET
    funding_sources: list[FundingSourceInRequest] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.address_in_request import AddressInRequest # noqa: PLC0415
        from ..models.funding_source_in_request import FundingSourceInRequest # noqa: PLC0415
        from ..models.phone_in_request import PhoneInRequest # noqa: PLC0415
        external_id = self.external_id

        given_name = self.given_name

        family_name = self.family_name

        address = self.address.to_dict()

        phones = []
        for phones_item_data in self.phones:
            phones_item = phones_item_data.to_dict()
            phones.append(phones_item)



        middle_name = self.middle_name

        nick_name = self.nick_name

        date_of_birth: str | Unset = UNSET
        if not isinstance(self.date_of_birth, Unset):
            date_of_birth = self.date_of_birth.isoformat()

        emails: list[str] | Unset = UNSET
        if not isinstance(self.emails, Unset):
            emails = self.emails



        funding_sources: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.funding_sources, Unset):
            funding_sources = []
            for funding_sources_item_data in self.funding_sources:
                funding_sources_item = funding_sources_item_data.to_dict()
                funding_sources.append(funding_sources_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "externalID": external_id,
            "givenName": given_name,
            "familyName": family_name,
            "address": address,
            "phones": phones,
        })
        if middle_name is not UNSET:
            field_dict["middleName"] = middle_name
        if nick_name is not UNSET:
            field_dict["nickName"] = nick_name
        if date_of_birth is not UNSET:
            field_dict["dateOfBirth"] = date_of_birth
        if emails is not UNSET:
            field_dict["emails"] = emails
        if funding_sources is not UNSET:
            field_dict["fundingSources"] = funding_sources

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_in_request import AddressInRequest # noqa: PLC0415
        from ..models.funding_source_in_request import FundingSourceInRequest # noqa: PLC0415
        from ..models.phone_in_request import PhoneInRequest # noqa: PLC0415
        d = dict(src_dict)
        external_id = d.pop("externalID")

        given_name = d.pop("givenName")

        family_name = d.pop("familyName")

        address = AddressInRequest.from_dict(d.pop("address"))




        phones = []
        _phones = d.pop("phones")
        for phones_item_data in (_phones):
            phones_item = PhoneInRequest.from_dict(phones_item_data)



            phones.append(phones_item)


        middle_name = d.pop("middleName", UNSET)

        nick_name = d.pop("nickName", UNSET)

        _date_of_birth = d.pop("dateOfBirth", UNSET)
        date_of_birth: datetime.date | Unset
        if isinstance(_date_of_birth,  Unset):
            date_of_birth = UNSET
        else:
            date_of_birth = datetime.date.fromisoformat(_date_of_birth)




        emails = cast(list[str], d.pop("emails", UNSET))


        _funding_sources = d.pop("fundingSources", UNSET)
        funding_sources: list[FundingSourceInRequest] | Unset = UNSET
        if _funding_sources is not UNSET:
            funding_sources = []
            for funding_sources_item_data in _funding_sources:
                funding_sources_item = FundingSourceInRequest.from_dict(funding_sources_item_data)



                funding_sources.append(funding_sources_item)


        participant_create_request = cls(
            external_id=external_id,
            given_name=given_name,
            family_name=family_name,
            address=address,
            phones=phones,
            middle_name=middle_name,
            nick_name=nick_name,
            date_of_birth=date_of_birth,
            emails=emails,
            funding_sources=funding_sources,
        )


        participant_create_request.additional_properties = d
        return participant_create_request

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
