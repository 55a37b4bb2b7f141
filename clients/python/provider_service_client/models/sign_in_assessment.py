from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.risk_assessment import RiskAssessment





T = TypeVar("T", bound="SignInAssessment")



@_attrs_define
class SignInAssessment:
    """ 
        Attributes:
            assessment (RiskAssessment): Output serializer for the contract's omission rule: an optional field that is
                unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
     """

    assessment: RiskAssessment
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.risk_assessment import RiskAssessment # noqa: PLC0415
        assessment = self.assessment.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "assessment": assessment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.risk_assessment import RiskAssessment # noqa: PLC0415
        d = dict(src_dict)
        assessment = RiskAssessment.from_dict(d.pop("assessment"))




        sign_in_assessment = cls(
            assessment=assessment,
        )


        sign_in_assessment.additional_properties = d
        return sign_in_assessment

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
