from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.endpoint import Endpoint





T = TypeVar("T", bound="EndpointList")



@_attrs_define
class EndpointList:
    """ 
        Attributes:
            webhook_endpoints (list[Endpoint]):
            has_more (bool):
            next_cursor (str | Unset):
     """

    webhook_endpoints: list[Endpoint]
    has_more: bool
    next_cursor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.endpoint import Endpoint # noqa: PLC0415
        webhook_endpoints = []
        for webhook_endpoints_item_data in self.webhook_endpoints:
            webhook_endpoints_item = webhook_endpoints_item_data.to_dict()
            webhook_endpoints.append(webhook_endpoints_item)



        has_more = self.has_more

        next_cursor = self.next_cursor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "webhookEndpoints": webhook_endpoints,
            "hasMore": has_more,
        })
        if next_cursor is not UNSET:
            field_dict["nextCursor"] = next_cursor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.endpoint import Endpoint # noqa: PLC0415
        d = dict(src_dict)
        webhook_endpoints = []
        _webhook_endpoints = d.pop("webhookEndpoints")
        for webhook_endpoints_item_data in (_webhook_endpoints):
            webhook_endpoints_item = Endpoint.from_dict(webhook_endpoints_item_data)



            webhook_endpoints.append(webhook_endpoints_item)


        has_more = d.pop("hasMore")

        next_cursor = d.pop("nextCursor", UNSET)

        endpoint_list = cls(
            webhook_endpoints=webhook_endpoints,
            has_more=has_more,
            next_cursor=next_cursor,
        )


        endpoint_list.additional_properties = d
        return endpoint_list

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
