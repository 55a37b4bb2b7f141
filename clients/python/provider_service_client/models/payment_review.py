from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payment_review_status_enum import PaymentReviewStatusEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.payout_summary import PayoutSummary





T = TypeVar("T", bound="PaymentReview")



@_attrs_define
class PaymentReview:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            review_id (str):
            status (PaymentReviewStatusEnum): * `pending` - Pending
                * `approved` - Approved
                * `rejected` - Rejected
            payout (PayoutSummary): Output serializer for the contract's omission rule: an optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            created_on (datetime.datetime):
            reason (str | Unset):
            risk_assessment_id (str | Unset):
            resolved_on (datetime.datetime | Unset):
     """

    review_id: str
    status: PaymentReviewStatusEnum
    payout: PayoutSummary
    created_on: datetime.datetime
    reason: str | Unset = UNSET
    risk_assessment_id: str | Unset = UNSET
    resolved_on: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payout_summary import PayoutSummary # noqa: PLC0415
        review_id = self.review_id

        status = self.status.value

        payout = self.payout.to_dict()

        created_on = self.created_on.isoformat()

        reason = self.reason

        risk_assessment_id = self.risk_assessment_id

        resolved_on: str | Unset = UNSET
        if not isinstance(self.resolved_on, Unset):
            resolved_on = self.resolved_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reviewID": review_id,
            "status": status,
            "payout": payout,
            "createdOn": created_on,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason
        if risk_assessment_id is not UNSET:
            field_dict["riskAssessmentID"] = risk_assessment_id
        if resolved_on is not UNSET:
            field_dict["resolvedOn"] = resolved_on

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payout_summary import PayoutSummary # noqa: PLC0415
        d = dict(src_dict)
        review_id = d.pop("reviewID")

        status = PaymentReviewStatusEnum(d.pop("status"))




        payout = PayoutSummary.from_dict(d.pop("payout"))




        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        reason = d.pop("reason", UNSET)

        risk_assessment_id = d.pop("riskAssessmentID", UNSET)

        _resolved_on = d.pop("resolvedOn", UNSET)
        resolved_on: datetime.datetime | Unset
        if isinstance(_resolved_on,  Unset):
            resolved_on = UNSET
        else:
            resolved_on = datetime.datetime.fromisoformat(_resolved_on)




        payment_review = cls(
            review_id=review_id,
            status=status,
            payout=payout,
            created_on=created_on,
            reason=reason,
            risk_assessment_id=risk_assessment_id,
            resolved_on=resolved_on,
        )


        payment_review.additional_properties = d
        return payment_review

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
