"""Reviews, assessments and device observations for tests, made through the services where
there is one (so links, holds and versions are what the engine leaves)."""

from datetime import timedelta

from django.utils import timezone

from common.actors import Actor
from reviews.models import DeviceObservation, RiskAssessment
from reviews.services import participant_reviews, payment_reviews
from tests.payments.factories import enroll, make_payment


def assessment(
    *, provider_id: str, participant_id: str, payment=None, event=None, **fields
) -> RiskAssessment:
    event = event or (RiskAssessment.Event.PAYMENT if payment else RiskAssessment.Event.SIGNUP)
    defaults = {"decision": "review", "level": "high", "score": 62.0}
    return RiskAssessment.objects.create(
        provider_id=provider_id,
        participant_id=participant_id,
        payment=payment,
        event=event,
        **{**defaults, **fields},
    )


def pending_review(provider, enrollment=None, *, reason="Unusual activity", assessment_id=None):
    """A pending participant review of `provider` (a Provider)."""
    enrollment = enrollment or enroll(provider)
    return participant_reviews.open_or_add(
        enrollment_id=enrollment.pk,
        reason=reason,
        assessment_id=assessment_id,
        actor=Actor.system(),
    ).review


def cleared(review, *, reason="Cleared", actor=None):
    """Resolve a pending participant review with no_action (on its current version)."""
    return participant_reviews.resolve_no_action(
        provider_id=review.provider_id,
        review_id=review.pk,
        reason=reason,
        expected_version_id=review.version_id,
        actor=actor or Actor.system(),
    )


def payout_in_review(provider, *, status="authorized", reason="Large first payout"):
    """A payout of `provider` (a Provider) held by one pending payment review."""
    payout = make_payment(enroll(provider), status=status)
    found = assessment(
        provider_id=provider.pk, participant_id=payout.initiator_participant_id, payment=payout
    )
    review = payment_reviews.open_payment_review(
        payout=payout, reason=reason, assessment_id=found.pk
    )
    payout.refresh_from_db()
    return payout, review


def observed_payment(provider, *, timed=3, untimed=1):
    """A payout with an assessment that observed `timed` dated devices and `untimed` others."""
    payout = make_payment(enroll(provider))
    found = assessment(
        provider_id=provider.pk, participant_id=payout.initiator_participant_id, payment=payout
    )
    now = timezone.now()
    for n in range(timed):
        DeviceObservation.objects.create(
            assessment=found,
            observed_on=now - timedelta(minutes=n),
            device_type="mobile",
            model=f"Pixel {n}",
            os="Android",
            os_version="15",
            city="Lagos",
            region="LA",
        )
    for _ in range(untimed):
        DeviceObservation.objects.create(assessment=found, device_type="desktop")
    return payout, found
