"""Record a risk assessment at an event and act on its decision. Every write of the engine.

- signup (called by onboarding, inside its transaction): `review` opens (or adds to) a review
  of the participant; `deny` is returned to onboarding, which makes the participant `denied`.
- sign-in: `review` or `deny` opens (or adds to) a review of the participant; the service does
  not run sign-in itself, so there is nothing to refuse.
- payment (called by payment creation, inside its transaction): `review` on a payout opens a
  payment review (the payout goes on hold); on a request it opens (or adds to) a review of the
  requester, as payment reviews are per payout; `deny` is returned and payments denies it.

Reviews the engine opens carry no written reason: the linked assessment says why.
"""

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from common.devices import Device
from participants.risk import SignupVerdict
from payments.risk import RiskVerdict
from reviews.models import DeviceObservation, RiskAssessment
from reviews.risk import engine
from reviews.risk.signals import matches_of, profile_of, read_signals
from reviews.risk.subject import Subject
from reviews.services import participant_reviews, payment_reviews

Event = RiskAssessment.Event
REVIEW, DENY = RiskAssessment.Decision.REVIEW, RiskAssessment.Decision.DENY


@dataclass(frozen=True)
class Assessed:
    assessment: RiskAssessment
    review_id: str | None = None  # the review the decision opened or added to


def _assess(event: str, enrollment, *, at: datetime, payment=None, device=None):
    read = read_signals(profile_of(enrollment))
    subject = Subject(
        event=event,
        at=at,
        enrollment=enrollment,
        signals={key: signal.level for key, signal in read.items()},
        payment=payment,
        device=device,
    )
    result = engine.evaluate(subject)
    assessment = RiskAssessment.objects.create(
        event=event,
        provider_id=enrollment.provider_id,
        participant_id=enrollment.participant_id,
        payment=payment,
        assessed_on=at,
        decision=result.decision,
        level=result.level,
        score=result.score,
        reasons=result.reasons,
        signals=result.signals,
        signal_matches=matches_of(read),
        transaction_level=result.transaction_level,
        aml_level=result.aml_level,
        rules=result.rules,
    )
    if device is not None:
        _observe(assessment, device, at)
    return assessment


def _observe(assessment: RiskAssessment, device: Device, at: datetime) -> DeviceObservation:
    return DeviceObservation.objects.create(
        assessment=assessment,
        observed_on=at,
        device_type=device.device_type,
        model=device.model,
        os=device.os,
        os_version=device.os_version,
        city=device.city,
        region=device.region,
    )


def _review_participant(enrollment, assessment: RiskAssessment) -> str:
    opened = participant_reviews.open_or_add(
        enrollment_id=enrollment.pk, assessment_id=assessment.pk, actor=Actor.system()
    )
    return opened.review.pk


def assess_signup(enrollment) -> SignupVerdict:
    """The signup assessment of a new participant (the enrollment it signed up with)."""
    with transaction.atomic():
        assessment = _assess(Event.SIGNUP, enrollment, at=timezone.now())
        if assessment.decision == REVIEW:
            _review_participant(enrollment, assessment)
    return SignupVerdict(decision=assessment.decision, assessment_id=assessment.pk)


def assess_sign_in(
    enrollment, device: Device | None = None, at: datetime | None = None
) -> Assessed:
    """A sign-in of the participant at the enrollment's provider, at `at` (default now)."""
    with transaction.atomic():
        assessment = _assess(Event.SIGN_IN, enrollment, at=at or timezone.now(), device=device)
        review_id = None
        if assessment.decision in (REVIEW, DENY):
            review_id = _review_participant(enrollment, assessment)
    return Assessed(assessment, review_id)


def _reason(assessment: RiskAssessment) -> str:
    return "; ".join(assessment.reasons) or f"Risk score {assessment.score:g}"


def assess_payment(payment, device: Device | None = None) -> RiskVerdict:
    """The assessment of a payment being created (already recorded, inside its transaction).
    The initiator is the subject, at the initiating provider."""
    with transaction.atomic():
        assessment = _assess(
            Event.PAYMENT,
            payment.initiator_enrollment,
            at=timezone.now(),
            payment=payment,
            device=device,
        )
        if assessment.decision == REVIEW:
            if payment.is_payout:
                payment_reviews.open_payment_review(
                    payout=payment, reason=_reason(assessment), assessment_id=assessment.pk
                )
            else:
                _review_participant(payment.initiator_enrollment, assessment)
    return RiskVerdict(
        decision=assessment.decision,
        fraud_score=assessment.score / 100,
        assessment_id=assessment.pk,
        reason=_reason(assessment),
    )
