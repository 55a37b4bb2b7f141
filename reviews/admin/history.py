"""What an analyst reads beside a payment review: the devices the assessment saw, the
sender's recent payments and earlier reviews, and the recipient's history with this provider.
Reads only."""

from payments.selectors import recent_payments_of, recent_payments_to_phone
from reviews.admin.queue import payment_context
from reviews.models import ParticipantReview, PaymentReview
from risk import selectors as risk_selectors
from risk.models import DeviceObservation

RECENT = 10


def devices_of(assessment_id: str) -> list[DeviceObservation]:
    return list(risk_selectors.device_observations(assessment_id))


def history_of(review: PaymentReview) -> dict:
    payout = review.payment
    sender = payout.initiator_participant_id
    recipient = payout.counterparty_participant_id
    earlier_payment_reviews = (
        PaymentReview.objects.filter(
            provider_id=review.provider_id, payment__initiator_participant_id=sender
        )
        .exclude(pk=review.pk)
        .select_related("payment")
        .order_by("-created_on")[:RECENT]
    )
    earlier_participant_reviews = ParticipantReview.objects.filter(
        provider_id=review.provider_id, participant_id=sender
    ).order_by("-created_on")[:RECENT]
    if recipient:
        to_recipient = recent_payments_of(
            provider_id=review.provider_id, participant_id=recipient, excluding_id=payout.pk
        )
    elif payout.counterparty_phone:
        to_recipient = recent_payments_to_phone(
            provider_id=review.provider_id, phone=payout.counterparty_phone, excluding_id=payout.pk
        )
    else:
        to_recipient = []
    return {
        "sender_payments": [
            payment_context(p)
            for p in recent_payments_of(
                provider_id=review.provider_id, participant_id=sender, excluding_id=payout.pk
            )
        ],
        "sender_payment_reviews": list(earlier_payment_reviews),
        "sender_participant_reviews": list(earlier_participant_reviews),
        "recipient_payments": [payment_context(p) for p in to_recipient],
    }
