from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.review_command_kind_enum import ReviewCommandKindEnum
from ..models.review_command_status_enum import ReviewCommandStatusEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.problem import Problem





T = TypeVar("T", bound="ReviewCommand")



@_attrs_define
class ReviewCommand:
    """ A command a 202 accepted (an open or an assignment of a participant review) and its
    outcome once applied; optional fields that are unknown are absent.

        Attributes:
            command_id (str): The X-Command-ID of the 202 that accepted it
            command (ReviewCommandKindEnum): * `open` - Open
                * `assign` - Assign
            status (ReviewCommandStatusEnum): * `pending` - Pending
                * `applied` - Applied
                * `rejected` - Rejected
            created_on (datetime.datetime): When it was accepted
            idempotency_key (str | Unset): The X-Idempotency-Key it was accepted under
            review_id (str | Unset): The review it concerns: the one assigned, or the one an open opened or added to (once
                applied); omitted until known
            applied_on (datetime.datetime | Unset): When it was applied or rejected; omitted while pending
            problem (Problem | Unset):
     """

    command_id: str
    command: ReviewCommandKindEnum
    status: ReviewCommandStatusEnum
    created_on: datetime.datetime
    idempotency_key: str | Unset = UNSET
    review_id: str | Unset = UNSET
    applied_on: datetime.datetime | Unset = UNSET
    problem: Problem | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.problem import Problem # noqa: PLC0415
        command_id = self.command_id

        command = self.command.value

        status = self.status.value

        created_on = self.created_on.isoformat()

        idempotency_key = self.idempotency_key

        review_id = self.review_id

        applied_on: str | Unset = UNSET
        if not isinstance(self.applied_on, Unset):
            applied_on = self.applied_on.isoformat()

        problem: dict[str, Any] | Unset = UNSET
        if not isinstance(self.problem, Unset):
            problem = self.problem.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "commandID": command_id,
            "command": command,
            "status": status,
            "createdOn": created_on,
        })
        if idempotency_key is not UNSET:
            field_dict["idempotencyKey"] = idempotency_key
        if review_id is not UNSET:
            field_dict["reviewID"] = review_id
        if applied_on is not UNSET:
            field_dict["appliedOn"] = applied_on
        if problem is not UNSET:
            field_dict["problem"] = problem

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem import Problem # noqa: PLC0415
        d = dict(src_dict)
        command_id = d.pop("commandID")

        command = ReviewCommandKindEnum(d.pop("command"))




        status = ReviewCommandStatusEnum(d.pop("status"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        idempotency_key = d.pop("idempotencyKey", UNSET)

        review_id = d.pop("reviewID", UNSET)

        _applied_on = d.pop("appliedOn", UNSET)
        applied_on: datetime.datetime | Unset
        if isinstance(_applied_on,  Unset):
            applied_on = UNSET
        else:
            applied_on = datetime.datetime.fromisoformat(_applied_on)




        _problem = d.pop("problem", UNSET)
        problem: Problem | Unset
        if isinstance(_problem,  Unset):
            problem = UNSET
        else:
            problem = Problem.from_dict(_problem)




        review_command = cls(
            command_id=command_id,
            command=command,
            status=status,
            created_on=created_on,
            idempotency_key=idempotency_key,
            review_id=review_id,
            applied_on=applied_on,
            problem=problem,
        )


        review_command.additional_properties = d
        return review_command

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
