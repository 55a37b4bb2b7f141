from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.operation_status_enum import OperationStatusEnum
from ..models.operation_type_enum import OperationTypeEnum
from ..models.rail_enum import RailEnum
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="Operation")



@_attrs_define
class Operation:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            operation_id (str):
            type_ (OperationTypeEnum): * `collect` - Collect
                * `authorize` - Authorize
                * `capture` - Capture
                * `release` - Release
                * `disburse` - Disburse
                * `refund` - Refund
            rail (RailEnum): * `aft` - Aft
                * `oct` - Oct
                * `core_hold` - Core Hold
                * `core_credit` - Core Credit
            status (OperationStatusEnum): * `reserved` - Reserved
                * `pending` - Pending
                * `succeeded` - Succeeded
                * `failed` - Failed
                * `unknown` - Unknown
            occurred_on (datetime.datetime):
            external_reference (str | Unset):
            failure_code (str | Unset):
     """

    operation_id: str
    type_: OperationTypeEnum
    rail: RailEnum
    status: OperationStatusEnum
    occurred_on: datetime.datetime
    external_reference: str | Unset = UNSET
    failure_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        operation_id = self.operation_id

        type_ = self.type_.value

        rail = self.rail.value

        status = self.status.value

        occurred_on = self.occurred_on.isoformat()

        external_reference = self.external_reference

        failure_code = self.failure_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "operationID": operation_id,
            "type": type_,
            "rail": rail,
            "status": status,
            "occurredOn": occurred_on,
        })
        if external_reference is not UNSET:
            field_dict["externalReference"] = external_reference
        if failure_code is not UNSET:
            field_dict["failureCode"] = failure_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        operation_id = d.pop("operationID")

        type_ = OperationTypeEnum(d.pop("type"))




        rail = RailEnum(d.pop("rail"))




        status = OperationStatusEnum(d.pop("status"))




        occurred_on = datetime.datetime.fromisoformat(d.pop("occurredOn"))




        external_reference = d.pop("externalReference", UNSET)

        failure_code = d.pop("failureCode", UNSET)

        operation = cls(
            operation_id=operation_id,
            type_=type_,
            rail=rail,
            status=status,
            occurred_on=occurred_on,
            external_reference=external_reference,
            failure_code=failure_code,
        )


        operation.additional_properties = d
        return operation

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
