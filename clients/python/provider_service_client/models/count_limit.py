from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="CountLimit")



@_attrs_define
class CountLimit:
    """ 
        Attributes:
            ceiling (int): The effective value
            source (str): platform, provider, group:<name> or override; `<source>+platform-clamp` when the platform maximum
                tightened it
            stored (int | Unset): Pre-clamp value; only when clamped
            platform_maximum (int | Unset): Only when clamped
            expires_on (datetime.datetime | Unset): When an override-sourced value lapses
     """

    ceiling: int
    source: str
    stored: int | Unset = UNSET
    platform_maximum: int | Unset = UNSET
    expires_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ceiling = self.ceiling

        source = self.source

        stored = self.stored

        platform_maximum = self.platform_maximum

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
        d = dict(src_dict)
        ceiling = d.pop("ceiling")

        source = d.pop("source")

        stored = d.pop("stored", UNSET)

        platform_maximum = d.pop("platformMaximum", UNSET)

        _expires_on = d.pop("expiresOn", UNSET)
        expires_on: datetime.datetime | Unset
        if isinstance(_expires_on,  Unset):
            expires_on = UNSET
        else:
            expires_on = datetime.datetime.fromisoformat(_expires_on)




        count_limit = cls(
            ceiling=ceiling,
            source=source,
            stored=stored,
            platform_maximum=platform_maximum,
            expires_on=expires_on,
        )


        count_limit.additional_properties = d
        return count_limit

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
