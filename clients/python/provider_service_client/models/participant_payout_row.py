from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.direction_enum import DirectionEnum
from ..models.payout_status_enum import PayoutStatusEnum
from ..models.payout_type_enum import PayoutTypeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.amount import Amount
  from ..models.hold import Hold
  from ..models.party import Party





T = TypeVar("T", bound="ParticipantPayoutRow")



@_attrs_define
class ParticipantPayoutRow:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            type_ (PayoutTypeEnum): * `payout` - payout
            payment_id (str):
            amount (Amount):
            status (PayoutStatusEnum): * `initiated` - Initiated
                * `authorized` - Authorized
                * `accepted` - Accepted
                * `claiming` - Claiming
                * `completed` - Completed
                * `failed` - Failed
                * `payout_failed` - Payout Failed
                * `cancelled` - Cancelled
                * `expired` - Expired
                * `denied` - Denied
            reference_number (str):
            initiator (Party): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            counterparty (Party): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            hold (Hold): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            created_on (datetime.datetime):
            expires_on (datetime.datetime):
            direction (DirectionEnum): * `sent` - Sent
                * `received` - Received
            memo (str | Unset):
            completed_on (datetime.datetime | Unset):
     """

    type_: PayoutTypeEnum
    payment_id: str
    amount: Amount
    status: PayoutStatusEnum
    reference_number: str
    initiator: Party
    counterparty: Party
    hold: Hold
    created_on: datetime.datetime
    expires_on: datetime.datetime
    direction: DirectionEnum
    memo: str | Unset = UNSET
    completed_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.amount import Amount # noqa: PLC0415
        from ..models.hold import Hold # noqa: PLC0415
        from ..models.party import Party # noqa: PLC0415
        type_ = self.type_.value

        payment_id = self.payment_id

        amount = self.amount.to_dict()

        status = self.status.value

        reference_number = self.reference_number

        initiator = self.initiator.to_dict()

        counterparty = self.counterparty.to_dict()

        hold = self.hold.to_dict()

        created_on = self.created_on.isoformat()

        expires_on = self.expires_on.isoformat()

        direction = self.direction.value

        memo = self.memo

        completed_on: str | Unset = UNSET
        if not isinstance(self.completed_on, Unset):
            completed_on = self.completed_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "paymentID": payment_id,
            "amount": amount,
            "status": status,
            "referenceNumber": reference_number,
            "initiator": initiator,
            "counterparty": counterparty,
            "hold": hold,
            "createdOn": created_on,
            "expiresOn": expires_on,
            "direction": direction,
        })
        if memo is not UNSET:
            field_dict["memo"] = memo
        if completed_on is not UNSET:
            field_dict["completedOn"] = completed_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amount import Amount # noqa: PLC0415
        from ..models.hold import Hold # noqa: PLC0415
        from ..models.party import Party # noqa: PLC0415
        d = dict(src_dict)
        type_ = PayoutTypeEnum(d.pop("type"))




        payment_id = d.pop("paymentID")

        amount = Amount.from_dict(d.pop("amount"))




        status = PayoutStatusEnum(d.pop("status"))




        reference_number = d.pop("referenceNumber")

        initiator = Party.from_dict(d.pop("initiator"))




        counterparty = Party.from_dict(d.pop("counterparty"))




        hold = Hold.from_dict(d.pop("hold"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        expires_on = datetime.datetime.fromisoformat(d.pop("expiresOn"))




        direction = DirectionEnum(d.pop("direction"))




        memo = d.pop("memo", UNSET)

        _completed_on = d.pop("completedOn", UNSET)
        completed_on: datetime.datetime | Unset
        if isinstance(_completed_on,  Unset):
            completed_on = UNSET
        else:
            completed_on = datetime.datetime.fromisoformat(_completed_on)




        participant_payout_row = cls(
            type_=type_,
            payment_id=payment_id,
            amount=amount,
            status=status,
            reference_number=reference_number,
            initiator=initiator,
            counterparty=counterparty,
            hold=hold,
            created_on=created_on,
            expires_on=expires_on,
            direction=direction,
            memo=memo,
            completed_on=completed_on,
        )


        participant_payout_row.additional_properties = d
        return participant_payout_row

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
