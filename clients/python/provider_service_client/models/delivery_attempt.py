from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="DeliveryAttempt")



@_attrs_define
class DeliveryAttempt:
    """ 
        Attributes:
            number (int): 1 for the first attempt
            started_on (datetime.datetime):
            latency_ms (int):
            finished_on (datetime.datetime | Unset): Absent while in flight
            status_code (int | Unset): The receiver's HTTP status; absent when none came back
            error (str | Unset): Why it failed, when it did
            response_excerpt (str | Unset): The start of the receiver's answer
     """

    number: int
    started_on: datetime.datetime
    latency_ms: int
    finished_on: datetime.datetime | Unset = UNSET
    status_code: int | Unset = UNSET
    error: str | Unset = UNSET
    response_excerpt: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        number = self.number

        started_on = self.started_on.isoformat()

        latency_ms = self.latency_ms

        finished_on: str | Unset = UNSET
        if not isinstance(self.finished_on, Unset):
            finished_on = self.finished_on.isoformat()

        status_code = self.status_code

        error = self.error

        response_excerpt = self.response_excerpt


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "number": number,
            "startedOn": started_on,
            "latencyMs": latency_ms,
        })
        if finished_on is not UNSET:
            field_dict["finishedOn"] = finished_on
        if status_code is not UNSET:
            field_dict["statusCode"] = status_code
        if error is not UNSET:
            field_dict["error"] = error
        if response_excerpt is not UNSET:
            field_dict["responseExcerpt"] = response_excerpt

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        started_on = datetime.datetime.fromisoformat(d.pop("startedOn"))




        latency_ms = d.pop("latencyMs")

        _finished_on = d.pop("finishedOn", UNSET)
        finished_on: datetime.datetime | Unset
        if isinstance(_finished_on,  Unset):
            finished_on = UNSET
        else:
            finished_on = datetime.datetime.fromisoformat(_finished_on)




        status_code = d.pop("statusCode", UNSET)

        error = d.pop("error", UNSET)

        response_excerpt = d.pop("responseExcerpt", UNSET)

        delivery_attempt = cls(
            number=number,
            started_on=started_on,
            latency_ms=latency_ms,
            finished_on=finished_on,
            status_code=status_code,
            error=error,
            response_excerpt=response_excerpt,
        )


        delivery_attempt.additional_properties = d
        return delivery_attempt

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
