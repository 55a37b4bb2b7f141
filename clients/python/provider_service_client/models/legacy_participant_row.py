from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.direction_enum import DirectionEnum
from ..models.payment_type_enum import PaymentTypeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.amount import Amount
  from ..models.legacy_counterparty import LegacyCounterparty





T = TypeVar("T", bound="LegacyParticipantRow")



@_attrs_define
class LegacyParticipantRow:
    """ The participant-scoped item of v2026.07.00.

        Attributes:
            id (str):
            amount (Amount):
            counterparty (LegacyCounterparty): Output serializer for the contract's omission rule: an optional field that is
                unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            created_on (datetime.datetime):
            direction (DirectionEnum): * `sent` - Sent
                * `received` - Received
            status (str):
            type_ (PaymentTypeEnum): * `payout` - Payout
                * `request` - Request
            memo (str | Unset):
     """

    id: str
    amount: Amount
    counterparty: LegacyCounterparty
    created_on: datetime.datetime
    direction: DirectionEnum
    status: str
    type_: PaymentTypeEnum
    memo: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.amount import Amount # noqa: PLC0415
        from ..models.legacy_counterparty import LegacyCounterparty # noqa: PLC0415
        id = self.id

        amount = self.amount.to_dict()

        counterparty = self.counterparty.to_dict()

        created_on = self.created_on.isoformat()

        direction = self.direction.value

        status = self.status

        type_ = self.type_.value

        memo = self.memo


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "amount": amount,
            "counterparty": counterparty,
            "createdOn": created_on,
            "direction": direction,
            "status": status,
            "type": type_,
        })
        if memo is not UNSET:
            field_dict["memo"] = memo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amount import Amount # noqa: PLC0415
        from ..models.legacy_counterparty import LegacyCounterparty # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        amount = Amount.from_dict(d.pop("amount"))




        counterparty = LegacyCounterparty.from_dict(d.pop("counterparty"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        direction = DirectionEnum(d.pop("direction"))




        status = d.pop("status")

        type_ = PaymentTypeEnum(d.pop("type"))




        memo = d.pop("memo", UNSET)

        legacy_participant_row = cls(
            id=id,
            amount=amount,
            counterparty=counterparty,
            created_on=created_on,
            direction=direction,
            status=status,
            type_=type_,
            memo=memo,
        )


        legacy_participant_row.additional_properties = d
        return legacy_participant_row

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
