"""What a provider sees of its reviews, as plain dicts with datetimes left for the JSON
encoder: one builder per resource; `reviews/api/serializers.py` keeps the schema serializers
describing the same shapes, and the tests check both agree. Optional unknowns are absent,
never null."""

from common.actors import Actor
from common.money import amount_json
from reviews.models import (
    DeviceObservation,
    ParticipantReview,
    ParticipantReviewAssessment,
    PaymentReview,
    RiskAssessment,
)


def _put(data: dict, key: str, value) -> None:
    if value not in (None, ""):
        data[key] = value


def _actor(actor: Actor) -> dict:
    data = {"actor": actor.as_json()}
    _put(data, "resolvedByDisplay", actor.display_json())
    return data


def _resolution(review: ParticipantReview) -> dict | None:
    if review.status != ParticipantReview.Status.RESOLVED:
        return None
    data = {"action": review.resolution_action, "reason": review.resolution_reason}
    if review.resolution_action == ParticipantReview.Action.SUSPEND:
        _put(data, "reasonCode", review.resolution_reason_code)
    data["resolvedOn"] = review.resolved_on
    data.update(_actor(Actor.from_fields(review, prefix="resolver_")))
    return data


def _assessment_ids(review: ParticipantReview) -> list[str]:
    links = getattr(review, "assessment_links", None)
    if links is None:
        links = ParticipantReviewAssessment.objects.filter(review=review).order_by("added_on", "id")
    return [link.assessment_id for link in links]


def _review(review: ParticipantReview) -> dict:
    data = {
        "reviewID": review.pk,
        "participantID": review.participant_id,
        "externalID": review.enrollment.external_id,
        "status": review.status,
        "versionID": review.version_id,
    }
    _put(data, "reason", review.reason)
    data["assessmentIDs"] = _assessment_ids(review)
    _put(data, "assigneeUserID", review.assignee_user_id)
    data["createdOn"] = review.created_on
    _put(data, "resolution", _resolution(review))
    return data


def render_participant_review(review: ParticipantReview) -> dict:
    """A review as the list renders it (the selectors' `with_rendering` prefetches for it)."""
    return _review(review)


def render_participant_review_detail(review: ParticipantReview) -> dict:
    """The detail: the review's and the relationship's versions come from the same read."""
    data = _review(review)
    data["relationship"] = {
        "suspended": review.enrollment.suspended,
        "versionID": review.enrollment.relationship_version_id,
    }
    data["notes"] = [
        {"text": note.text, "createdOn": note.created_on, **_actor(note.actor)}
        for note in review.notes.all()
    ]
    return data


def render_payment_review(review: PaymentReview) -> dict:
    payout = review.payment
    summary = {
        "payoutID": payout.pk,
        "amount": amount_json(payout.amount_minor, payout.currency),
    }
    _put(summary, "recipientName", payout.counterparty_name)
    summary["status"] = payout.status
    data = {"reviewID": review.pk, "status": review.status}
    _put(data, "reason", review.reason)
    _put(data, "riskAssessmentID", review.assessment_id)
    data["payout"] = summary
    data["createdOn"] = review.created_on
    _put(data, "resolvedOn", review.resolved_on)
    return data


def render_risk_assessment(assessment: RiskAssessment, review_ids: list[str]) -> dict:
    """A risk assessment as the provider sees it (a recorded score of 0 is a real score)."""
    data = {"assessmentID": assessment.pk}
    _put(data, "participantID", assessment.participant_id)
    _put(data, "paymentID", assessment.payment_id)
    data["assessedOn"] = assessment.assessed_on
    data["decision"] = assessment.decision
    _put(data, "level", assessment.level)
    _put(data, "score", assessment.score)
    _put(data, "reasons", list(assessment.reasons) or None)
    if assessment.signals:
        data["customerEvidence"] = {"signals": assessment.signals}
    evidence = {}
    _put(evidence, "level", assessment.transaction_level)
    _put(evidence, "amlLevel", assessment.aml_level)
    _put(data, "transactionEvidence", evidence or None)
    rules = [
        {key: rule[key] for key in ("ruleID", "name", "isLive", "isAllowlisted")}
        for rule in assessment.rules
    ]
    _put(data, "rules", rules or None)
    _put(data, "reviewIDs", list(review_ids) or None)
    return data


def render_device_observation(observation: DeviceObservation) -> dict:
    data: dict = {}
    _put(data, "observedOn", observation.observed_on)
    _put(data, "deviceType", observation.device_type)
    _put(data, "model", observation.model)
    _put(data, "os", observation.os)
    _put(data, "osVersion", observation.os_version)
    location: dict = {}
    _put(location, "city", observation.city)
    _put(location, "region", observation.region)
    _put(data, "location", location or None)
    return data
