from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.amount import Amount





T = TypeVar("T", bound="AmountLimit")



@_attrs_define
class AmountLimit:
    """ 
        Attributes:
            ceiling (Amount):
            source (str): platform, provider, group:<name> or override; `<source>+platform-clamp` when the platform maximum
                tightened it
            stored (Amount | Unset):
            platform_maximum (Amount | Unset):
            expires_on (datetime.datetime | Unset): When an override-sourced value lapses
     """

    ceiling: Amount
    source: str
    stored: Amount | Unset = UNSET
    platform_maximum: Amount | Unset = UNSET
    expires_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.amount import Amount # noqa: PLC0415
        ceiling = self.ceiling.to_dict()

        source = self.source

        stored: dict[str, Any] | Unset = UNSET
        if not isinstance(self.stored, Unset):
            stored = self.stored.to_dict()

        platform_maximum: dict[str, Any] | Unset = UNSET
        if not isinstance(self.platform_maximum, Unset):
            platform_maximum = self.platform_maximum.to_dict()

        expires_on: str | Unset = UNSET
        if not isinstance(self.expires_on, Unset):
            expires_on = self.expires_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ceiling": ceiling,
            "source": source,
        })
        if stored is not UNSET:
            field_dict["stored"] = stored
        if platform_maximum is not UNSET:
            field_dict["platformMaximum"] = platform_maximum
        if expires_on is not UNSET:
            field_dict["expiresOn"] = expires_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.amount import Amount # noqa: PLC0415
        d = dict(src_dict)
        ceiling = Amount.from_dict(d.pop("ceiling"))




        source = d.pop("source")

        _stored = d.pop("stored", UNSET)
        stored: Amount | Unset
        if isinstance(_stored,  Unset):
            stored = UNSET
        else:
            stored = Amount.from_dict(_stored)




        _platform_maximum = d.pop("platformMaximum", UNSET)
        platform_maximum: Amount | Unset
        if isinstance(_platform_maximum,  Unset):
            platform_maximum = UNSET
        else:
            platform_maximum = Amount.from_dict(_platform_maximum)




        _expires_on = d.pop("expiresOn", UNSET)
        expires_on: datetime.datetime | Unset
        if isinstance(_expires_on,  Unset):
            expires_on = UNSET
        else:
            expires_on = datetime.datetime.fromisoformat(_expires_on)




        amount_limit = cls(
            ceiling=ceiling,
            source=source,
            stored=stored,
            platform_maximum=platform_maximum,
            expires_on=expires_on,
        )


        amount_limit.additional_properties = d
        return amount_limit

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
