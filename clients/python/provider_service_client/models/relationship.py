from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reason_code_enum import ReasonCodeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.actor import Actor





T = TypeVar("T", bound="Relationship")



@_attrs_define
class Relationship:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            participant_id (str):
            external_id (str):
            suspended (bool):
            version_id (str):
            suspended_on (datetime.datetime | Unset):
            reason_code (ReasonCodeEnum | Unset): * `suspected-fraud` - Suspected Fraud
                * `account-compromise` - Account Compromise
                * `customer-request` - Customer Request
                * `compliance-review` - Compliance Review
                * `legal-hold` - Legal Hold
                * `policy-violation` - Policy Violation
                * `other` - Other
            note (str | Unset):
            actor (Actor | Unset): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
     """

    participant_id: str
    external_id: str
    suspended: bool
    version_id: str
    suspended_on: datetime.datetime | Unset = UNSET
    reason_code: ReasonCodeEnum | Unset = UNSET
    note: str | Unset = UNSET
    actor: Actor | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.actor import Actor # noqa: PLC0415
        participant_id = self.participant_id

        external_id = self.external_id

        suspended = self.suspended

        version_id = self.version_id

        suspended_on: str | Unset = UNSET
        if not isinstance(self.suspended_on, Unset):
            suspended_on = self.suspended_on.isoformat()

        reason_code: str | Unset = UNSET
        if not isinstance(self.reason_code, Unset):
            reason_code = self.reason_code.value


        note = self.note

        actor: dict[str, Any] | Unset = UNSET
        if not isinstance(self.actor, Unset):
            actor = self.actor.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "participantID": participant_id,
            "externalID": external_id,
            "suspended": suspended,
            "versionID": version_id,
        })
        if suspended_on is not UNSET:
            field_dict["suspendedOn"] = suspended_on
        if reason_code is not UNSET:
            field_dict["reasonCode"] = reason_code
        if note is not UNSET:
            field_dict["note"] = note
        if actor is not UNSET:
            field_dict["actor"] = actor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.actor import Actor # noqa: PLC0415
        d = dict(src_dict)
        participant_id = d.pop("participantID")

        external_id = d.pop("externalID")

        suspended = d.pop("suspended")

        version_id = d.pop("versionID")

        _suspended_on = d.pop("suspendedOn", UNSET)
        suspended_on: datetime.datetime | Unset
        if isinstance(_suspended_on,  Unset):
            suspended_on = UNSET
        else:
            suspended_on = datetime.datetime.fromisoformat(_suspended_on)




        _reason_code = d.pop("reasonCode", UNSET)
        reason_code: ReasonCodeEnum | Unset
        if isinstance(_reason_code,  Unset):
            reason_code = UNSET
        else:
            reason_code = ReasonCodeEnum(_reason_code)




        note = d.pop("note", UNSET)

        _actor = d.pop("actor", UNSET)
        actor: Actor | Unset
        if isinstance(_actor,  Unset):
            actor = UNSET
        else:
            actor = Actor.from_dict(_actor)




        relationship = cls(
            participant_id=participant_id,
            external_id=external_id,
            suspended=suspended,
            version_id=version_id,
            suspended_on=suspended_on,
            reason_code=reason_code,
            note=note,
            actor=actor,
        )


        relationship.additional_properties = d
        return relationship

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
