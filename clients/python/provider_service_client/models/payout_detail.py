from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payout_status_enum import PayoutStatusEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.amount import Amount
  from ..models.funded_from import FundedFrom
  from ..models.hold import Hold
  from ..models.operation import Operation
  from ..models.party import Party





T = TypeVar("T", bound="PayoutDetail")



@_attrs_define
class PayoutDetail:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            reference_number (str):
            amount (Amount):
            hold (Hold): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            review_i_ds (list[str]):
            assessment_i_ds (list[str]):
            operations (list[Operation]):
            created_on (datetime.datetime):
            expires_on (datetime.datetime):
            payout_id (str):
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
            sender (Party): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            recipient (Party): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            memo (str | Unset):
            completed_on (datetime.datetime | Unset):
            funded_from (FundedFrom | Unset): Output serializer for the contract's omission rule: an optional field that is
                unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            claimed_on (datetime.datetime | Unset):
     """

    reference_number: str
    amount: Amount
    hold: Hold
    review_i_ds: list[str]
    assessment_i_ds: list[str]
    operations: list[Operation]
    created_on: datetime.datetime
    expires_on: datetime.datetime
    payout_id: str
    status: PayoutStatusEnum
    sender: Party
    recipient: Party
    memo: str | Unset = UNSET
    completed_on: datetime.datetime | Unset = UNSET
    funded_from: FundedFrom | Unset = UNSET
    claimed_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.amount import Amount # noqa: PLC0415
        from ..models.funded_from import FundedFrom # noqa: PLC0415
        from ..models.hold import Hold # noqa: PLC0415
        from ..models.operation import Operation # noqa: PLC0415
        from ..models.party import Party # noqa: PLC0415
        reference_number = self.reference_number

        amount = self.amount.to_dict()

        hold = self.hold.to_dict()

        review_i_ds = self.review_i_ds



        assessment_i_ds = self.assessment_i_ds



        operations = []
        for operations_item_data in self.operations:
            operations_item = operations_item_data.to_dict()
            operations.append(operations_item)



        created_on = self.created_on.isoformat()

        expires_on = self.expires_on.isoformat()

        payout_id = self.payout_id

        status = self.status.value

        sender = self.sender.to_dict()

        recipient = self.recipient.to_dict()

        memo = self.memo

        completed_on: str | Unset = UNSET
        if not isinstance(self.completed_on, Unset):
            completed_on = self.completed_on.isoformat()

        funded_from: dict[str, Any] | Unset = UNSET
        if not isinstance(self.funded_from, Unset):
            funded_from = self.funded_from.to_dict()

        claimed_on: str | Unset = UNSET
        if not isinstance(self.claimed_on, Unset):
            claimed_on = self.claimed_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "referenceNumber": reference_number,
            "amount": amount,
            "hold": hold,
            "reviewIDs": review_i_ds,
            "assessmentIDs": assessment_i_ds,
            "operations": operations,
            "createdOn": created_on,
            "expiresOn": expires_on,
            "payoutID": payout_id,
            "status": status,
            "sender": sender,
            "recipient": recipient,
        })
        if memo is not UNSET:
            field_dict["memo"] = memo
        if completed_on is not UNSET:
            field_dict["completedOn"] = completed_on
        if funded_from is not UNSET:
            field_dict["fundedFrom"] = funded_from
        if claimed_on is not UNSET:
            field_dict["claimedOn"] = claimed_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amount import Amount # noqa: PLC0415
        from ..models.funded_from import FundedFrom # noqa: PLC0415
        from ..models.hold import Hold # noqa: PLC0415
        from ..models.operation import Operation # noqa: PLC0415
        from ..models.party import Party # noqa: PLC0415
        d = dict(src_dict)
        reference_number = d.pop("referenceNumber")

        amount = Amount.from_dict(d.pop("amount"))




        hold = Hold.from_dict(d.pop("hold"))




        review_i_ds = cast(list[str], d.pop("reviewIDs"))


        assessment_i_ds = cast(list[str], d.pop("assessmentIDs"))


        operations = []
        _operations = d.pop("operations")
        for operations_item_data in (_operations):
            operations_item = Operation.from_dict(operations_item_data)



            operations.append(operations_item)


        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        expires_on = datetime.datetime.fromisoformat(d.pop("expiresOn"))




        payout_id = d.pop("payoutID")

        status = PayoutStatusEnum(d.pop("status"))




        sender = Party.from_dict(d.pop("sender"))




        recipient = Party.from_dict(d.pop("recipient"))




        memo = d.pop("memo", UNSET)

        _completed_on = d.pop("completedOn", UNSET)
        completed_on: datetime.datetime | Unset
        if isinstance(_completed_on,  Unset):
            completed_on = UNSET
        else:
            completed_on = datetime.datetime.fromisoformat(_completed_on)




        _funded_from = d.pop("fundedFrom", UNSET)
        funded_from: FundedFrom | Unset
        if isinstance(_funded_from,  Unset):
            funded_from = UNSET
        else:
            funded_from = FundedFrom.from_dict(_funded_from)




        _claimed_on = d.pop("claimedOn", UNSET)
        claimed_on: datetime.datetime | Unset
        if isinstance(_claimed_on,  Unset):
            claimed_on = UNSET
        else:
            claimed_on = datetime.datetime.fromisoformat(_claimed_on)




        payout_detail = cls(
            reference_number=reference_number,
            amount=amount,
            hold=hold,
            review_i_ds=review_i_ds,
            assessment_i_ds=assessment_i_ds,
            operations=operations,
            created_on=created_on,
            expires_on=expires_on,
            payout_id=payout_id,
            status=status,
            sender=sender,
            recipient=recipient,
            memo=memo,
            completed_on=completed_on,
            funded_from=funded_from,
            claimed_on=claimed_on,
        )


        payout_detail.additional_properties = d
        return payout_detail

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
