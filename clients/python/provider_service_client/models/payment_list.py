from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.payout_row import PayoutRow
  from ..models.request_row import RequestRow





T = TypeVar("T", bound="PaymentList")



@_attrs_define
class PaymentList:
    """ 
        Attributes:
            payments (list[PayoutRow | RequestRow]):
            has_more (bool):
            next_cursor (str | Unset):
     """

    payments: list[PayoutRow | RequestRow]
    has_more: bool
    next_cursor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_row import PayoutRow # noqa: PLC0415
        from ..models.request_row import RequestRow # noqa: PLC0415
        payments = []
        for payments_item_data in self.payments:
            payments_item: dict[str, Any]
            if isinstance(payments_item_data, PayoutRow):
                payments_item = payments_item_data.to_dict()
            else:
                payments_item = payments_item_data.to_dict()

            payments.append(payments_item)



        has_more = self.has_more

        next_cursor = self.next_cursor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "payments": payments,
            "hasMore": has_more,
        })
        if next_cursor is not UNSET:
            field_dict["nextCursor"] = next_cursor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_row import PayoutRow # noqa: PLC0415
        from ..models.request_row import RequestRow # noqa: PLC0415
        d = dict(src_dict)
        payments = []
        _payments = d.pop("payments")
        for payments_item_data in (_payments):
            def _parse_payments_item(data: object) -> PayoutRow | RequestRow:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_payment_row_type_0 = PayoutRow.from_dict(data)



                    return componentsschemas_payment_row_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_payment_row_type_1 = RequestRow.from_dict(data)



                return componentsschemas_payment_row_type_1

            payments_item = _parse_payments_item(payments_item_data)

            payments.append(payments_item)


        has_more = d.pop("hasMore")

        next_cursor = d.pop("nextCursor", UNSET)

        payment_list = cls(
            payments=payments,
            has_more=has_more,
            next_cursor=next_cursor,
        )


        payment_list.additional_properties = d
        return payment_list

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
