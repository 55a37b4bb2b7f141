from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_type_enum import EventTypeEnum
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.event_data import EventData





T = TypeVar("T", bound="Event")



@_attrs_define
class Event:
    """ 
        Attributes:
            type_ (EventTypeEnum): * `participant.activated` - participant.activated
                * `participant.denied` - participant.denied
                * `relationship.suspended` - relationship.suspended
                * `relationship.reactivated` - relationship.reactivated
                * `funding_source.removed` - funding_source.removed
                * `participant.updated` - participant.updated
                * `funding_source.added` - funding_source.added
                * `payout.status_changed` - payout.status_changed
                * `request.status_changed` - request.status_changed
                * `payment.hold_changed` - payment.hold_changed
                * `participant_review.opened` - participant_review.opened
                * `participant_review.updated` - participant_review.updated
                * `participant_review.assigned` - participant_review.assigned
                * `participant_review.resolved` - participant_review.resolved
                * `payment_review.opened` - payment_review.opened
                * `payment_review.resolved` - payment_review.resolved
                * `command.applied` - command.applied
                * `command.rejected` - command.rejected
                * `limit_group.deleted` - limit_group.deleted
                * `webhook.test` - webhook.test
            event_id (str): evt_<ulid>; the webhook-id of its deliveries
            created_on (datetime.datetime):
            data (EventData): The resource as this provider's GET renders it, plus the change (previousStatus where a status
                moved); docs/events.md shows each type
     """

    type_: EventTypeEnum
    event_id: str
    created_on: datetime.datetime
    data: EventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_data import EventData # noqa: PLC0415
        type_ = self.type_.value

        event_id = self.event_id

        created_on = self.created_on.isoformat()

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "eventID": event_id,
            "createdOn": created_on,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_data import EventData # noqa: PLC0415
        d = dict(src_dict)
        type_ = EventTypeEnum(d.pop("type"))




        event_id = d.pop("eventID")

        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        data = EventData.from_dict(d.pop("data"))




        event = cls(
            type_=type_,
            event_id=event_id,
            created_on=created_on,
            data=data,
        )


        event.additional_properties = d
        return event

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
