from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.review_command import ReviewCommand





T = TypeVar("T", bound="ReviewCommandEnvelope")



@_attrs_define
class ReviewCommandEnvelope:
    """ 
        Attributes:
            command (ReviewCommand): A command a 202 accepted (an open or an assignment of a participant review) and its
                outcome once applied; optional fields that are unknown are absent.
     """

    command: ReviewCommand
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.review_command import ReviewCommand # noqa: PLC0415
        command = self.command.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "command": command,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.review_command import ReviewCommand # noqa: PLC0415
        d = dict(src_dict)
        command = ReviewCommand.from_dict(d.pop("command"))




        review_command_envelope = cls(
            command=command,
        )


        review_command_envelope.additional_properties = d
        return review_command_envelope

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
