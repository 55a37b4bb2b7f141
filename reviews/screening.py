"""Assess, then open a review: what the risk hooks of participants and payments run
(registered in `ReviewsConfig.ready()`), and the sign-in the staff command records.

- signup (called by onboarding, inside its transaction): `review` opens (or adds to) a review
  of the participant; `deny` is returned to onboarding, which makes the participant `denied`.
- sign-in: `review` or `deny` opens (or adds to) a review of the participant; the service does
  not run sign-in itself, so there is nothing to refuse.
- payer (called when a request is paid from a device the caller saw): the payer is assessed with
  that device; `review` or `deny` opens (or adds to) a review of the payer, as at a sign-in, and
  the payment goes on (a request past `created` has no way to be denied).
- payment (called by payment creation, inside its transaction): `review` on a payout opens a
  payment review (the payout goes on hold); on a request it opens (or adds to) a review of the
  requester, as payment reviews are per payout; `deny` is returned and payments denies it.

Reviews opened here carry no written reason: the linked assessment says why.
"""

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from common.devices import Device
from common.verdicts import RiskVerdict
from reviews.services import participant_reviews, payment_reviews
from risk import assessments
from risk.models import RiskAssessment

Event = RiskAssessment.Event
REVIEW, DENY = RiskAssessment.Decision.REVIEW, RiskAssessment.Decision.DENY


@dataclass(frozen=True)
class Assessed:
    assessment: RiskAssessment
    review_id: str | None = None  # the review the decision opened or added to


def _review_participant(enrollment, assessment: RiskAssessment) -> str:
    opened = participant_reviews.open_or_add(
        enrollment_id=enrollment.pk, assessment_id=assessment.pk, actor=Actor.system()
    )
    return opened.review.pk


def assess_signup(enrollment) -> RiskVerdict:
    """The signup assessment of a new participant (the enrollment it signed up with)."""
    with transaction.atomic():
        assessment = assessments.assess(Event.SIGNUP, enrollment, at=timezone.now())
        if assessment.decision == REVIEW:
            _review_participant(enrollment, assessment)
    return assessments.verdict_of(assessment)


def assess_sign_in(
    enrollment, device: Device | None = None, at: datetime | None = None
) -> Assessed:
    """A sign-in of the participant at the enrollment's provider, at `at` (default now)."""
    with transaction.atomic():
        assessment = assessments.assess(
            Event.SIGN_IN, enrollment, at=at or timezone.now(), device=device
        )
        review_id = None
        if assessment.decision in (REVIEW, DENY):
            review_id = _review_participant(enrollment, assessment)
    return Assessed(assessment, review_id)


def assess_payment(payment, device: Device | None = None) -> RiskVerdict:
    """The assessment of a payment being created (already recorded, inside its transaction).
    The initiator is the subject, at the initiating provider. No savepoint of its own: a
    failure here fails the creation, whose transaction this is part of."""
    with transaction.atomic(savepoint=False):
        assessment = assessments.assess(
            Event.PAYMENT,
            payment.initiator_enrollment,
            at=timezone.now(),
            payment=payment,
            device=device,
        )
        if assessment.decision == REVIEW:
            if payment.is_payout:
                payment_reviews.open_payment_review(
                    payout=payment,
                    reason=assessments.reason_of(assessment),
                    assessment_id=assessment.pk,
                )
            else:
                _review_participant(payment.initiator_enrollment, assessment)
    return assessments.verdict_of(assessment)


def assess_payer(request, payer_enrollment, device: Device | None = None) -> RiskVerdict:
    """The payer's assessment at the payment of a request, inside the payment's transaction
    (no savepoint of its own, as `assess_payment`)."""
    with transaction.atomic(savepoint=False):
        assessment = assessments.assess(
            Event.PAYMENT, payer_enrollment, at=timezone.now(), payment=request, device=device
        )
        if assessment.decision in (REVIEW, DENY):
            _review_participant(payer_enrollment, assessment)
    return assessments.verdict_of(assessment)
