from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.request_status_enum import RequestStatusEnum
from ..models.request_type_enum import RequestTypeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.amount import Amount
  from ..models.hold import Hold
  from ..models.party import Party





T = TypeVar("T", bound="RequestRow")



@_attrs_define
class RequestRow:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            type_ (RequestTypeEnum): * `request` - request
            payment_id (str):
            amount (Amount):
            status (RequestStatusEnum): * `created` - Created
                * `authenticated` - Authenticated
                * `declined` - Declined
                * `cancelled` - Cancelled
                * `expired` - Expired
                * `paying` - Paying
                * `funded` - Funded
                * `disbursing` - Disbursing
                * `disbursement_failed` - Disbursement Failed
                * `completed` - Completed
                * `reversing` - Reversing
                * `reversal_failed` - Reversal Failed
                * `reversed` - Reversed
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
            memo (str | Unset):
            completed_on (datetime.datetime | Unset):
     """

    type_: RequestTypeEnum
    payment_id: str
    amount: Amount
    status: RequestStatusEnum
    reference_number: str
    initiator: Party
    counterparty: Party
    hold: Hold
    created_on: datetime.datetime
    expires_on: datetime.datetime
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
        type_ = RequestTypeEnum(d.pop("type"))




        payment_id = d.pop("paymentID")

        amount = Amount.from_dict(d.pop("amount"))




        status = RequestStatusEnum(d.pop("status"))




        reference_number = d.pop("referenceNumber")

        initiator = Party.from_dict(d.pop("initiator"))




        counterparty = Party.from_dict(d.pop("counterparty"))




        hold = Hold.from_dict(d.pop("hold"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        expires_on = datetime.datetime.fromisoformat(d.pop("expiresOn"))




        memo = d.pop("memo", UNSET)

        _completed_on = d.pop("completedOn", UNSET)
        completed_on: datetime.datetime | Unset
        if isinstance(_completed_on,  Unset):
            completed_on = UNSET
        else:
            completed_on = datetime.datetime.fromisoformat(_completed_on)




        request_row = cls(
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
            memo=memo,
            completed_on=completed_on,
        )


        request_row.additional_properties = d
        return request_row

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
