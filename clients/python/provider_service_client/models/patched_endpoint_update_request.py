from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_type_enum import EventTypeEnum
from ..models.webhook_endpoint_status_enum import WebhookEndpointStatusEnum
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PatchedEndpointUpdateRequest")



@_attrs_define
class PatchedEndpointUpdateRequest:
    """ Only the fields sent change; the URL is checked as at registration, and `eventTypes`
    replaces the list.

        Attributes:
            url (str | Unset): https (http only in DEBUG); must not resolve to a loopback, private, link-local or other
                special-purpose address; port 443, or 1024 to 65535 except the ports of internal services (databases, caches,
                brokers, remote desktops)
            event_types (list[EventTypeEnum] | Unset): The types sent to this endpoint; absent or empty: every type
            description (str | Unset):
            status (WebhookEndpointStatusEnum | Unset): * `enabled` - Enabled
                * `disabled` - Disabled
     """

    url: str | Unset = UNSET
    event_types: list[EventTypeEnum] | Unset = UNSET
    description: str | Unset = UNSET
    status: WebhookEndpointStatusEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types: list[str] | Unset = UNSET
        if not isinstance(self.event_types, Unset):
            event_types = []
            for event_types_item_data in self.event_types:
                event_types_item = event_types_item_data.value
                event_types.append(event_types_item)



        description = self.description

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if url is not UNSET:
            field_dict["url"] = url
        if event_types is not UNSET:
            field_dict["eventTypes"] = event_types
        if description is not UNSET:
            field_dict["description"] = description
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _event_types = d.pop("eventTypes", UNSET)
        event_types: list[EventTypeEnum] | Unset = UNSET
        if _event_types is not UNSET:
            event_types = []
            for event_types_item_data in _event_types:
                event_types_item = EventTypeEnum(event_types_item_data)



                event_types.append(event_types_item)


        description = d.pop("description", UNSET)

        _status = d.pop("status", UNSET)
        status: WebhookEndpointStatusEnum | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = WebhookEndpointStatusEnum(_status)




        patched_endpoint_update_request = cls(
            url=url,
            event_types=event_types,
            description=description,
            status=status,
        )


        patched_endpoint_update_request.additional_properties = d
        return patched_endpoint_update_request

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
