from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.limit_default_levels import LimitDefaultLevels
  from ..models.limit_values import LimitValues
  from ..models.limit_versions import LimitVersions





T = TypeVar("T", bound="LimitDefaults")



@_attrs_define
class LimitDefaults:
    """ 
        Attributes:
            defaults (LimitDefaultLevels):
            maximums (LimitValues):
            versions (LimitVersions):
     """

    defaults: LimitDefaultLevels
    maximums: LimitValues
    versions: LimitVersions
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.limit_default_levels import LimitDefaultLevels # noqa: PLC0415
        from ..models.limit_values import LimitValues # noqa: PLC0415
        from ..models.limit_versions import LimitVersions # noqa: PLC0415
        defaults = self.defaults.to_dict()

        maximums = self.maximums.to_dict()

        versions = self.versions.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "defaults": defaults,
            "maximums": maximums,
            "versions": versions,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.limit_default_levels import LimitDefaultLevels # noqa: PLC0415
        from ..models.limit_values import LimitValues # noqa: PLC0415
        from ..models.limit_versions import LimitVersions # noqa: PLC0415
        d = dict(src_dict)
        defaults = LimitDefaultLevels.from_dict(d.pop("defaults"))




        maximums = LimitValues.from_dict(d.pop("maximums"))




        versions = LimitVersions.from_dict(d.pop("versions"))




        limit_defaults = cls(
            defaults=defaults,
            maximums=maximums,
            versions=versions,
        )


        limit_defaults.additional_properties = d
        return limit_defaults

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
