from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.signal import Signal





T = TypeVar("T", bound="CustomerEvidence")



@_attrs_define
class CustomerEvidence:
    """ 
        Attributes:
            signals (list[Signal]):
     """

    signals: list[Signal]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.signal import Signal # noqa: PLC0415
        signals = []
        for signals_item_data in self.signals:
            signals_item = signals_item_data.to_dict()
            signals.append(signals_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "signals": signals,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signal import Signal # noqa: PLC0415
        d = dict(src_dict)
        signals = []
        _signals = d.pop("signals")
        for signals_item_data in (_signals):
            signals_item = Signal.from_dict(signals_item_data)



            signals.append(signals_item)


        customer_evidence = cls(
            signals=signals,
        )


        customer_evidence.additional_properties = d
        return customer_evidence

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
