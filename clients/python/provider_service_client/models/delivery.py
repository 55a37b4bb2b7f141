from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.delivery_status_enum import DeliveryStatusEnum
from ..models.event_type_enum import EventTypeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.delivery_attempt import DeliveryAttempt





T = TypeVar("T", bound="Delivery")



@_attrs_define
class Delivery:
    """ 
        Attributes:
            delivery_id (str):
            event_id (str):
            event_type (EventTypeEnum): * `participant.activated` - participant.activated
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
            status (DeliveryStatusEnum): * `pending` - Pending
                * `delivered` - Delivered
                * `failed` - Failed
                * `cancelled` - Cancelled
            created_on (datetime.datetime):
            attempts (list[DeliveryAttempt]): Oldest first
            next_attempt_on (datetime.datetime | Unset): When the next attempt is due; only while pending
            delivered_on (datetime.datetime | Unset):
     """

    delivery_id: str
    event_id: str
    event_type: EventTypeEnum
    status: DeliveryStatusEnum
    created_on: datetime.datetime
    attempts: list[DeliveryAttempt]
    next_attempt_on: datetime.datetime | Unset = UNSET
    delivered_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.delivery_attempt import DeliveryAttempt # noqa: PLC0415
        delivery_id = self.delivery_id

        event_id = self.event_id

        event_type = self.event_type.value

        status = self.status.value

        created_on = self.created_on.isoformat()

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)



        next_attempt_on: str | Unset = UNSET
        if not isinstance(self.next_attempt_on, Unset):
            next_attempt_on = self.next_attempt_on.isoformat()

        delivered_on: str | Unset = UNSET
        if not isinstance(self.delivered_on, Unset):
            delivered_on = self.delivered_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deliveryID": delivery_id,
            "eventID": event_id,
            "eventType": event_type,
            "status": status,
            "createdOn": created_on,
            "attempts": attempts,
        })
        if next_attempt_on is not UNSET:
            field_dict["nextAttemptOn"] = next_attempt_on
        if delivered_on is not UNSET:
            field_dict["deliveredOn"] = delivered_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_attempt import DeliveryAttempt # noqa: PLC0415
        d = dict(src_dict)
        delivery_id = d.pop("deliveryID")

        event_id = d.pop("eventID")

        event_type = EventTypeEnum(d.pop("eventType"))




        status = DeliveryStatusEnum(d.pop("status"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in (_attempts):
            attempts_item = DeliveryAttempt.from_dict(attempts_item_data)



            attempts.append(attempts_item)


        _next_attempt_on = d.pop("nextAttemptOn", UNSET)
        next_attempt_on: datetime.datetime | Unset
        if isinstance(_next_attempt_on,  Unset):
            next_attempt_on = UNSET
        else:
            next_attempt_on = datetime.datetime.fromisoformat(_next_attempt_on)




        _delivered_on = d.pop("deliveredOn", UNSET)
        delivered_on: datetime.datetime | Unset
        if isinstance(_delivered_on,  Unset):
            delivered_on = UNSET
        else:
            delivered_on = datetime.datetime.fromisoformat(_delivered_on)




        delivery = cls(
            delivery_id=delivery_id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            created_on=created_on,
            attempts=attempts,
            next_attempt_on=next_attempt_on,
            delivered_on=delivered_on,
        )


        delivery.additional_properties = d
        return delivery

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
