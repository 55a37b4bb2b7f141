from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.actor import Actor
  from ..models.resolved_by_display import ResolvedByDisplay





T = TypeVar("T", bound="Note")



@_attrs_define
class Note:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            text (str):
            created_on (datetime.datetime):
            actor (Actor): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            resolved_by_display (ResolvedByDisplay | Unset): Output serializer for the contract's omission rule: an optional
                field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
     """

    text: str
    created_on: datetime.datetime
    actor: Actor
    resolved_by_display: ResolvedByDisplay | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.actor import Actor # noqa: PLC0415
        from ..models.resolved_by_display import ResolvedByDisplay # noqa: PLC0415
        text = self.text

        created_on = self.created_on.isoformat()

        actor = self.actor.to_dict()

        resolved_by_display: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resolved_by_display, Unset):
            resolved_by_display = self.resolved_by_display.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "text": text,
            "createdOn": created_on,
            "actor": actor,
        })
        if resolved_by_display is not UNSET:
            field_dict["resolvedByDisplay"] = resolved_by_display

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.actor import Actor # noqa: PLC0415
        from ..models.resolved_by_display import ResolvedByDisplay # noqa: PLC0415
        d = dict(src_dict)
        text = d.pop("text")

        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        actor = Actor.from_dict(d.pop("actor"))




        _resolved_by_display = d.pop("resolvedByDisplay", UNSET)
        resolved_by_display: ResolvedByDisplay | Unset
        if isinstance(_resolved_by_display,  Unset):
            resolved_by_display = UNSET
        else:
            resolved_by_display = ResolvedByDisplay.from_dict(_resolved_by_display)




        note = cls(
            text=text,
            created_on=created_on,
            actor=actor,
            resolved_by_display=resolved_by_display,
        )


        note.additional_properties = d
        return note

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
