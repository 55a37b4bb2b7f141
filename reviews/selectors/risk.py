"""Reads of risk assessments and device observations, always starting from the provider.

A provider sees a participant's signup and sign-in assessments and, of the rest, only those
of its own activity (the assessments its own payments produced)."""

from django.db.models import F, Q, QuerySet

from common.errors import NotFound
from payments.selectors import visible_payments
from reviews.models import (
    DeviceObservation,
    ParticipantReviewAssessment,
    PaymentReview,
    RiskAssessment,
)

_ACCOUNT_EVENTS = (RiskAssessment.Event.SIGNUP, RiskAssessment.Event.SIGN_IN)


def visible_assessments(provider_id: str, participant_id: str) -> QuerySet[RiskAssessment]:
    return RiskAssessment.objects.filter(
        Q(event__in=_ACCOUNT_EVENTS) | Q(provider_id=provider_id),
        participant_id=participant_id,
    )


def visible_assessment(provider_id: str, participant_id: str, assessment_id: str) -> bool:
    return visible_assessments(provider_id, participant_id).filter(pk=assessment_id).exists()


def review_ids_by_assessment(provider_id: str, assessment_ids: list[str]) -> dict[str, list]:
    """The provider's reviews (participant and payment) linked to each assessment, oldest
    first."""
    found: dict[str, list[tuple]] = {}
    links = ParticipantReviewAssessment.objects.filter(
        assessment_id__in=assessment_ids, review__provider_id=provider_id
    ).values_list("assessment_id", "review__created_on", "review_id")
    payment_reviews = PaymentReview.objects.filter(
        assessment_id__in=assessment_ids, provider_id=provider_id
    ).values_list("assessment_id", "created_on", "id")
    for assessment_id, created_on, review_id in [*links, *payment_reviews]:
        found.setdefault(assessment_id, []).append((created_on, review_id))
    return {key: [review_id for _, review_id in sorted(rows)] for key, rows in found.items()}


def assessment_of_payment(provider_id: str, payment_id: str, assessment_id: str):
    """The assessment, when the payment is one the provider sees and the assessment is of it
    and the provider's own (as a payment's assessmentIDs are shown only to the initiating
    provider); NotFound in every other case."""
    if not visible_payments(provider_id).filter(pk=payment_id).exists():
        raise NotFound("No payment with that ID exists for this provider.")
    assessment = RiskAssessment.objects.filter(
        pk=assessment_id, payment_id=payment_id, provider_id=provider_id
    ).first()
    if assessment is None:
        raise NotFound("No risk assessment with that ID exists for this payment.")
    return assessment


def device_observations(assessment: RiskAssessment) -> QuerySet[DeviceObservation]:
    """Newest observedOn first; observations with no time last."""
    return DeviceObservation.objects.filter(assessment=assessment).order_by(
        F("observed_on").desc(nulls_last=True), "-id"
    )
