from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.effective_limits import EffectiveLimits





T = TypeVar("T", bound="EffectiveLimitsEnvelope")



@_attrs_define
class EffectiveLimitsEnvelope:
    """ 
        Attributes:
            effective_limits (EffectiveLimits): A dimension with no ceiling at any level is absent.
            participant_id (str):
     """

    effective_limits: EffectiveLimits
    participant_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.effective_limits import EffectiveLimits # noqa: PLC0415
        effective_limits = self.effective_limits.to_dict()

        participant_id = self.participant_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "effectiveLimits": effective_limits,
            "participantID": participant_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.effective_limits import EffectiveLimits # noqa: PLC0415
        d = dict(src_dict)
        effective_limits = EffectiveLimits.from_dict(d.pop("effectiveLimits"))




        participant_id = d.pop("participantID")

        effective_limits_envelope = cls(
            effective_limits=effective_limits,
            participant_id=participant_id,
        )


        effective_limits_envelope.additional_properties = d
        return effective_limits_envelope

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
