from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.participant_review_status_enum import ParticipantReviewStatusEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.note import Note
  from ..models.resolution import Resolution
  from ..models.review_relationship import ReviewRelationship





T = TypeVar("T", bound="ParticipantReviewDetail")



@_attrs_define
class ParticipantReviewDetail:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            review_id (str):
            participant_id (str):
            external_id (str):
            status (ParticipantReviewStatusEnum): * `pending` - Pending
                * `resolved` - Resolved
            version_id (str):
            assessment_i_ds (list[str]):
            created_on (datetime.datetime):
            relationship (ReviewRelationship):
            notes (list[Note]):
            reason (str | Unset):
            assignee_user_id (str | Unset):
            resolution (Resolution | Unset): Output serializer for the contract's omission rule: an optional field that is
                unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
     """

    review_id: str
    participant_id: str
    external_id: str
    status: ParticipantReviewStatusEnum
    version_id: str
    assessment_i_ds: list[str]
    created_on: datetime.datetime
    relationship: ReviewRelationship
    notes: list[Note]
    reason: str | Unset = UNSET
    assignee_user_id: str | Unset = UNSET
    resolution: Resolution | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.note import Note # noqa: PLC0415
        from ..models.resolution import Resolution # noqa: PLC0415
        from ..models.review_relationship import ReviewRelationship # noqa: PLC0415
        review_id = self.review_id

        participant_id = self.participant_id

        external_id = self.external_id

        status = self.status.value

        version_id = self.version_id

        assessment_i_ds = self.assessment_i_ds



        created_on = self.created_on.isoformat()

        relationship = self.relationship.to_dict()

        notes = []
        for notes_item_data in self.notes:
            notes_item = notes_item_data.to_dict()
            notes.append(notes_item)



        reason = self.reason

        assignee_user_id = self.assignee_user_id

        resolution: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resolution, Unset):
            resolution = self.resolution.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reviewID": review_id,
            "participantID": participant_id,
            "externalID": external_id,
            "status": status,
            "versionID": version_id,
            "assessmentIDs": assessment_i_ds,
            "createdOn": created_on,
            "relationship": relationship,
            "notes": notes,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason
        if assignee_user_id is not UNSET:
            field_dict["assigneeUserID"] = assignee_user_id
        if resolution is not UNSET:
            field_dict["resolution"] = resolution

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.note import Note # noqa: PLC0415
        from ..models.resolution import Resolution # noqa: PLC0415
        from ..models.review_relationship import ReviewRelationship # noqa: PLC0415
        d = dict(src_dict)
        review_id = d.pop("reviewID")

        participant_id = d.pop("participantID")

        external_id = d.pop("externalID")

        status = ParticipantReviewStatusEnum(d.pop("status"))




        version_id = d.pop("versionID")

        assessment_i_ds = cast(list[str], d.pop("assessmentIDs"))


        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        relationship = ReviewRelationship.from_dict(d.pop("relationship"))




        notes = []
        _notes = d.pop("notes")
        for notes_item_data in (_notes):
            notes_item = Note.from_dict(notes_item_data)



            notes.append(notes_item)


        reason = d.pop("reason", UNSET)

        assignee_user_id = d.pop("assigneeUserID", UNSET)

        _resolution = d.pop("resolution", UNSET)
        resolution: Resolution | Unset
        if isinstance(_resolution,  Unset):
            resolution = UNSET
        else:
            resolution = Resolution.from_dict(_resolution)




        participant_review_detail = cls(
            review_id=review_id,
            participant_id=participant_id,
            external_id=external_id,
            status=status,
            version_id=version_id,
            assessment_i_ds=assessment_i_ds,
            created_on=created_on,
            relationship=relationship,
            notes=notes,
            reason=reason,
            assignee_user_id=assignee_user_id,
            resolution=resolution,
        )


        participant_review_detail.additional_properties = d
        return participant_review_detail

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
