from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.address_in_request import AddressInRequest
  from ..models.phone_in_request import PhoneInRequest





T = TypeVar("T", bound="PatchedParticipantUpdateRequest")



@_attrs_define
class PatchedParticipantUpdateRequest:
    """ Only the fields sent change. `address` is replaced whole; `phones` and `emails` are the
    complete lists of active contacts (kept ones keep their dates, others are disabled).

        Attributes:
            expected_version_id (str | Unset): The participant's versionID from the latest read
            given_name (str | Unset):
            middle_name (str | Unset):
            family_name (str | Unset):
            nick_name (str | Unset):
            address (AddressInRequest | Unset):
            phones (list[PhoneInRequest] | Unset):
            emails (list[str] | Unset):
     """

    expected_version_id: str | Unset = UNSET
    given_name: str | Unset = UNSET
    middle_name: str | Unset = UNSET
    family_name: str | Unset = UNSET
    nick_name: str | Unset = UNSET
    address: AddressInRequest | Unset = UNSET
    phones: list[PhoneInRequest] | Unset = UNSET
    emails: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.address_in_request import AddressInRequest # noqa: PLC0415
        from ..models.phone_in_request import PhoneInRequest # noqa: PLC0415
        expected_version_id = self.expected_version_id

        given_name = self.given_name

        middle_name = self.middle_name

        family_name = self.family_name

        nick_name = self.nick_name

        address: dict[str, Any] | Unset = UNSET
        if not isinstance(self.address, Unset):
            address = self.address.to_dict()

        phones: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.phones, Unset):
            phones = []
            for phones_item_data in self.phones:
                phones_item = phones_item_data.to_dict()
                phones.append(phones_item)



        emails: list[str] | Unset = UNSET
        if not isinstance(self.emails, Unset):
            emails = self.emails




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if expected_version_id is not UNSET:
            field_dict["expectedVersionID"] = expected_version_id
        if given_name is not UNSET:
            field_dict["givenName"] = given_name
        if middle_name is not UNSET:
            field_dict["middleName"] = middle_name
        if family_name is not UNSET:
            field_dict["familyName"] = family_name
        if nick_name is not UNSET:
            field_dict["nickName"] = nick_name
        if address is not UNSET:
            field_dict["address"] = address
        if phones is not UNSET:
            field_dict["phones"] = phones
        if emails is not UNSET:
            field_dict["emails"] = emails

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_in_request import AddressInRequest # noqa: PLC0415
        from ..models.phone_in_request import PhoneInRequest # noqa: PLC0415
        d = dict(src_dict)
        expected_version_id = d.pop("expectedVersionID", UNSET)

        given_name = d.pop("givenName", UNSET)

        middle_name = d.pop("middleName", UNSET)

        family_name = d.pop("familyName", UNSET)

        nick_name = d.pop("nickName", UNSET)

        _address = d.pop("address", UNSET)
        address: AddressInRequest | Unset
        if isinstance(_address,  Unset):
            address = UNSET
        else:
            address = AddressInRequest.from_dict(_address)




        _phones = d.pop("phones", UNSET)
        phones: list[PhoneInRequest] | Unset = UNSET
        if _phones is not UNSET:
            phones = []
            for phones_item_data in _phones:
                phones_item = PhoneInRequest.from_dict(phones_item_data)



                phones.append(phones_item)


        emails = cast(list[str], d.pop("emails", UNSET))


        patched_participant_update_request = cls(
            expected_version_id=expected_version_id,
            given_name=given_name,
            middle_name=middle_name,
            family_name=family_name,
            nick_name=nick_name,
            address=address,
            phones=phones,
            emails=emails,
        )


        patched_participant_update_request.additional_properties = d
        return patched_participant_update_request

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
