"""What an analyst reads beside either kind of review: the participant's payments in and out,
devices and sign-ins, other assessments, earlier reviews and shared signals; for a payout,
also the devices its assessment saw and the recipient's senders in the window. Reads only;
a fixed number of queries whatever the number of rows (see `parties`)."""

from django.utils import timezone

from reviews.admin import parties
from reviews.admin.shared_signals import shared_signals
from reviews.models import PaymentReview
from risk import selectors as risk_selectors
from risk.models import DeviceObservation


def devices_of(assessment_id: str) -> list[DeviceObservation]:
    return list(risk_selectors.device_observations(assessment_id))


def participant_panels(
    *,
    provider_id: str,
    participant_id: str,
    review_id: str,
    payment_id: str = "",
    linked_assessment_ids=(),
) -> dict:
    """The participant's side of the case file (the participant of a participant review, the
    sender of a payment review)."""
    payments, more = parties.payments_of(
        provider_id=provider_id, participant_id=participant_id, excluding_id=payment_id
    )
    return {
        "party_payments": payments,
        "party_payments_more": more,
        "party_devices": parties.devices_of_participant(participant_id),
        "party_sign_ins": parties.sign_ins_of(participant_id),
        "party_assessments": parties.assessments_of(
            participant_id, excluding=linked_assessment_ids
        ),
        "party_reviews": parties.earlier_reviews_of(
            provider_id=provider_id, participant_id=participant_id, excluding_id=review_id
        ),
        "shared": shared_signals(
            provider_id=provider_id, participant_id=participant_id, now=timezone.now()
        ),
        "window_days": parties.WINDOW.days,
        "rows_shown": parties.ROWS,
    }


def history_of(review: PaymentReview) -> dict:
    payout = review.payment
    senders, more = parties.recipient_senders(payout, now=timezone.now())
    return {
        **participant_panels(
            provider_id=review.provider_id,
            participant_id=payout.initiator_participant_id,
            review_id=review.pk,
            payment_id=payout.pk,
            linked_assessment_ids=[review.assessment_id] if review.assessment_id else [],
        ),
        "recipient_senders": senders,
        "recipient_senders_more": more,
    }
