from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.limit_provider_sources import LimitProviderSources
  from ..models.limit_values import LimitValues





T = TypeVar("T", bound="LimitDefaultLevels")



@_attrs_define
class LimitDefaultLevels:
    """ 
        Attributes:
            platform (LimitValues):
            provider (LimitValues):
            provider_sources (LimitProviderSources):
     """

    platform: LimitValues
    provider: LimitValues
    provider_sources: LimitProviderSources
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.limit_provider_sources import LimitProviderSources # noqa: PLC0415
        from ..models.limit_values import LimitValues # noqa: PLC0415
        platform = self.platform.to_dict()

        provider = self.provider.to_dict()

        provider_sources = self.provider_sources.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "platform": platform,
            "provider": provider,
            "providerSources": provider_sources,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.limit_provider_sources import LimitProviderSources # noqa: PLC0415
        from ..models.limit_values import LimitValues # noqa: PLC0415
        d = dict(src_dict)
        platform = LimitValues.from_dict(d.pop("platform"))




        provider = LimitValues.from_dict(d.pop("provider"))




        provider_sources = LimitProviderSources.from_dict(d.pop("providerSources"))




        limit_default_levels = cls(
            platform=platform,
            provider=provider,
            provider_sources=provider_sources,
        )


        limit_default_levels.additional_properties = d
        return limit_default_levels

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
