from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.currency_in_request import CurrencyInRequest





T = TypeVar("T", bound="AmountInRequest")



@_attrs_define
class AmountInRequest:
    """ An amount as the service renders one; `currency` needs only its `code`. Validated into
    `{"minor": int, "currency": code}`.

        Attributes:
            value (str): Decimal string, at most the currency's decimal places
            currency (CurrencyInRequest):
     """

    value: str
    currency: CurrencyInRequest
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.currency_in_request import CurrencyInRequest # noqa: PLC0415
        value = self.value

        currency = self.currency.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "value": value,
            "currency": currency,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.currency_in_request import CurrencyInRequest # noqa: PLC0415
        d = dict(src_dict)
        value = d.pop("value")

        currency = CurrencyInRequest.from_dict(d.pop("currency"))




        amount_in_request = cls(
            value=value,
            currency=currency,
        )


        amount_in_request.additional_properties = d
        return amount_in_request

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
