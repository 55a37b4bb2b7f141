from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.decision_enum import DecisionEnum
from ..models.risk_level_enum import RiskLevelEnum
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.customer_evidence import CustomerEvidence
  from ..models.fired_rule import FiredRule
  from ..models.transaction_evidence import TransactionEvidence





T = TypeVar("T", bound="RiskAssessment")



@_attrs_define
class RiskAssessment:
    """ Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render.

        Attributes:
            assessment_id (str):
            assessed_on (datetime.datetime):
            decision (DecisionEnum): * `allow` - Allow
                * `review` - Review
                * `deny` - Deny
            participant_id (str | Unset):
            payment_id (str | Unset):
            level (RiskLevelEnum | Unset): * `low` - Low
                * `medium` - Medium
                * `high` - High
                * `very_high` - Very High
            score (float | Unset): A recorded 0 is a real score
            reasons (list[str] | Unset):
            customer_evidence (CustomerEvidence | Unset):
            transaction_evidence (TransactionEvidence | Unset): Output serializer for the contract's omission rule: an
                optional field that is unknown
                (None, or an empty string for text) is absent, never null. Required fields always render.
            rules (list[FiredRule] | Unset):
            review_i_ds (list[str] | Unset):
     """

    assessment_id: str
    assessed_on: datetime.datetime
    decision: DecisionEnum
    participant_id: str | Unset = UNSET
    payment_id: str | Unset = UNSET
    level: RiskLevelEnum | Unset = UNSET
    score: float | Unset = UNSET
    reasons: list[str] | Unset = UNSET
    customer_evidence: CustomerEvidence | Unset = UNSET
    transaction_evidence: TransactionEvidence | Unset = UNSET
    rules: list[FiredRule] | Unset = UNSET
    review_i_ds: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.customer_evidence import CustomerEvidence # noqa: PLC0415
        from ..models.fired_rule import FiredRule # noqa: PLC0415
        from ..models.transaction_evidence import TransactionEvidence # noqa: PLC0415
        assessment_id = self.assessment_id

        assessed_on = self.assessed_on.isoformat()

        decision = self.decision.value

        participant_id = self.participant_id

        payment_id = self.payment_id

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value


        score = self.score

        reasons: list[str] | Unset = UNSET
        if not isinstance(self.reasons, Unset):
            reasons = self.reasons



        customer_evidence: dict[str, Any] | Unset = UNSET
        if not isinstance(self.customer_evidence, Unset):
            customer_evidence = self.customer_evidence.to_dict()

        transaction_evidence: dict[str, Any] | Unset = UNSET
        if not isinstance(self.transaction_evidence, Unset):
            transaction_evidence = self.transaction_evidence.to_dict()

        rules: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = []
            for rules_item_data in self.rules:
                rules_item = rules_item_data.to_dict()
                rules.append(rules_item)



        review_i_ds: list[str] | Unset = UNSET
        if not isinstance(self.review_i_ds, Unset):
            review_i_ds = self.review_i_ds




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "assessmentID": assessment_id,
            "assessedOn": assessed_on,
            "decision": decision,
        })
        if participant_id is not UNSET:
            field_dict["participantID"] = participant_id
        if payment_id is not UNSET:
            field_dict["paymentID"] = payment_id
        if level is not UNSET:
            field_dict["level"] = level
        if score is not UNSET:
            field_dict["score"] = score
        if reasons is not UNSET:
            field_dict["reasons"] = reasons
        if customer_evidence is not UNSET:
            field_dict["customerEvidence"] = customer_evidence
        if transaction_evidence is not UNSET:
            field_dict["transactionEvidence"] = transaction_evidence
        if rules is not UNSET:
            field_dict["rules"] = rules
        if review_i_ds is not UNSET:
            field_dict["reviewIDs"] = review_i_ds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.customer_evidence import CustomerEvidence # noqa: PLC0415
        from ..models.fired_rule import FiredRule # noqa: PLC0415
        from ..models.transaction_evidence import TransactionEvidence # noqa: PLC0415
        d = dict(src_dict)
        assessment_id = d.pop("assessmentID")

        assessed_on = datetime.datetime.fromisoformat(d.pop("assessedOn"))




        decision = DecisionEnum(d.pop("decision"))




        participant_id = d.pop("participantID", UNSET)

        payment_id = d.pop("paymentID", UNSET)

        _level = d.pop("level", UNSET)
        level: RiskLevelEnum | Unset
        if isinstance(_level,  Unset):
            level = UNSET
        else:
            level = RiskLevelEnum(_level)




        score = d.pop("score", UNSET)

        reasons = cast(list[str], d.pop("reasons", UNSET))


        _customer_evidence = d.pop("customerEvidence", UNSET)
        customer_evidence: CustomerEvidence | Unset
        if isinstance(_customer_evidence,  Unset):
            customer_evidence = UNSET
        else:
            customer_evidence = CustomerEvidence.from_dict(_customer_evidence)




        _transaction_evidence = d.pop("transactionEvidence", UNSET)
        transaction_evidence: TransactionEvidence | Unset
        if isinstance(_transaction_evidence,  Unset):
            transaction_evidence = UNSET
        else:
            transaction_evidence = TransactionEvidence.from_dict(_transaction_evidence)




        _rules = d.pop("rules", UNSET)
        rules: list[FiredRule] | Unset = UNSET
        if _rules is not UNSET:
            rules = []
            for rules_item_data in _rules:
                rules_item = FiredRule.from_dict(rules_item_data)



                rules.append(rules_item)


        review_i_ds = cast(list[str], d.pop("reviewIDs", UNSET))


        risk_assessment = cls(
            assessment_id=assessment_id,
            assessed_on=assessed_on,
            decision=decision,
            participant_id=participant_id,
            payment_id=payment_id,
            level=level,
            score=score,
            reasons=reasons,
            customer_evidence=customer_evidence,
            transaction_evidence=transaction_evidence,
            rules=rules,
            review_i_ds=review_i_ds,
        )


        risk_assessment.additional_properties = d
        return risk_assessment

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
