from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_enum import ActionEnum
from ..models.reason_code_enum import ReasonCodeEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.actor import Actor
  from ..models.resolved_by_display import ResolvedByDisplay





T = TypeVar("T", bound="Resolution")



@_attrs_define
class Resolution:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            action (ActionEnum): * `no_action` - No Action
                * `suspend` - Suspend
            reason (str):
            resolved_on (datetime.datetime):
            actor (Actor): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            reason_code (ReasonCodeEnum | Unset): * `suspected-fraud` - Suspected Fraud
                * `account-compromise` - Account Compromise
                * `customer-request` - Customer Request
                * `compliance-review` - Compliance Review
                * `legal-hold` - Legal Hold
                * `policy-violation` - Policy Violation
                * `other` - Other
            resolved_by_display (ResolvedByDisplay | Unset): Output serializer for the contract's omission rule: an optional
                field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
     """

    action: ActionEnum
    reason: str
    resolved_on: datetime.datetime
    actor: Actor
    reason_code: ReasonCodeEnum | Unset = UNSET
    resolved_by_display: ResolvedByDisplay | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.actor import Actor # noqa: PLC0415
        from ..models.resolved_by_display import ResolvedByDisplay # noqa: PLC0415
        action = self.action.value

        reason = self.reason

        resolved_on = self.resolved_on.isoformat()

        actor = self.actor.to_dict()

        reason_code: str | Unset = UNSET
        if not isinstance(self.reason_code, Unset):
            reason_code = self.reason_code.value


        resolved_by_display: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resolved_by_display, Unset):
            resolved_by_display = self.resolved_by_display.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "action": action,
            "reason": reason,
            "resolvedOn": resolved_on,
            "actor": actor,
        })
        if reason_code is not UNSET:
            field_dict["reasonCode"] = reason_code
        if resolved_by_display is not UNSET:
            field_dict["resolvedByDisplay"] = resolved_by_display

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.actor import Actor # noqa: PLC0415
        from ..models.resolved_by_display import ResolvedByDisplay # noqa: PLC0415
        d = dict(src_dict)
        action = ActionEnum(d.pop("action"))




        reason = d.pop("reason")

        resolved_on = datetime.datetime.fromisoformat(d.pop("resolvedOn"))




        actor = Actor.from_dict(d.pop("actor"))




        _reason_code = d.pop("reasonCode", UNSET)
        reason_code: ReasonCodeEnum | Unset
        if isinstance(_reason_code,  Unset):
            reason_code = UNSET
        else:
            reason_code = ReasonCodeEnum(_reason_code)




        _resolved_by_display = d.pop("resolvedByDisplay", UNSET)
        resolved_by_display: ResolvedByDisplay | Unset
        if isinstance(_resolved_by_display,  Unset):
            resolved_by_display = UNSET
        else:
            resolved_by_display = ResolvedByDisplay.from_dict(_resolved_by_display)




        resolution = cls(
            action=action,
            reason=reason,
            resolved_on=resolved_on,
            actor=actor,
            reason_code=reason_code,
            resolved_by_display=resolved_by_display,
        )


        resolution.additional_properties = d
        return resolution

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
