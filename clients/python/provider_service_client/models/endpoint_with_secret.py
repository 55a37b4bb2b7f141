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
import datetime






T = TypeVar("T", bound="EndpointWithSecret")



@_attrs_define
class EndpointWithSecret:
    """ 
        Attributes:
            endpoint_id (str):
            url (str):
            event_types (list[EventTypeEnum]): Empty: every type
            status (WebhookEndpointStatusEnum): * `enabled` - Enabled
                * `disabled` - Disabled
            created_on (datetime.datetime):
            updated_on (datetime.datetime):
            secret (str): whsec_…: shown in this response only
            description (str | Unset):
            disabled_on (datetime.datetime | Unset):
            disabled_reason (str | Unset):
            previous_secret_expires_on (datetime.datetime | Unset): Until then the previous secret signs beside the current
                one
     """

    endpoint_id: str
    url: str
    event_types: list[EventTypeEnum]
    status: WebhookEndpointStatusEnum
    created_on: datetime.datetime
    updated_on: datetime.datetime
    secret: str
    description: str | Unset = UNSET
    disabled_on: datetime.datetime | Unset = UNSET
    disabled_reason: str | Unset = UNSET
    previous_secret_expires_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        endpoint_id = self.endpoint_id

        url = self.url

        event_types = []
        for event_types_item_data in self.event_types:
            event_types_item = event_types_item_data.value
            event_types.append(event_types_item)



        status = self.status.value

        created_on = self.created_on.isoformat()

        updated_on = self.updated_on.isoformat()

        secret = self.secret

        description = self.description

        disabled_on: str | Unset = UNSET
        if not isinstance(self.disabled_on, Unset):
            disabled_on = self.disabled_on.isoformat()

        disabled_reason = self.disabled_reason

        previous_secret_expires_on: str | Unset = UNSET
        if not isinstance(self.previous_secret_expires_on, Unset):
            previous_secret_expires_on = self.previous_secret_expires_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "endpointID": endpoint_id,
            "url": url,
            "eventTypes": event_types,
            "status": status,
            "createdOn": created_on,
            "updatedOn": updated_on,
            "secret": secret,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if disabled_on is not UNSET:
            field_dict["disabledOn"] = disabled_on
        if disabled_reason is not UNSET:
            field_dict["disabledReason"] = disabled_reason
        if previous_secret_expires_on is not UNSET:
            field_dict["previousSecretExpiresOn"] = previous_secret_expires_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint_id = d.pop("endpointID")

        url = d.pop("url")

        event_types = []
        _event_types = d.pop("eventTypes")
        for event_types_item_data in (_event_types):
            event_types_item = EventTypeEnum(event_types_item_data)



            event_types.append(event_types_item)


        status = WebhookEndpointStatusEnum(d.pop("status"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        updated_on = datetime.datetime.fromisoformat(d.pop("updatedOn"))




        secret = d.pop("secret")

        description = d.pop("description", UNSET)

        _disabled_on = d.pop("disabledOn", UNSET)
        disabled_on: datetime.datetime | Unset
        if isinstance(_disabled_on,  Unset):
            disabled_on = UNSET
        else:
            disabled_on = datetime.datetime.fromisoformat(_disabled_on)




        disabled_reason = d.pop("disabledReason", UNSET)

        _previous_secret_expires_on = d.pop("previousSecretExpiresOn", UNSET)
        previous_secret_expires_on: datetime.datetime | Unset
        if isinstance(_previous_secret_expires_on,  Unset):
            previous_secret_expires_on = UNSET
        else:
            previous_secret_expires_on = datetime.datetime.fromisoformat(_previous_secret_expires_on)




        endpoint_with_secret = cls(
            endpoint_id=endpoint_id,
            url=url,
            event_types=event_types,
            status=status,
            created_on=created_on,
            updated_on=updated_on,
            secret=secret,
            description=description,
            disabled_on=disabled_on,
            disabled_reason=disabled_reason,
            previous_secret_expires_on=previous_secret_expires_on,
        )


        endpoint_with_secret.additional_properties = d
        return endpoint_with_secret

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
