"""What the reviews app calls on a payment: lock it, link an assessment or a review, keep the
hold in step with the blocking reviews, and cancel a payout its review rejected.

Lock order: the payment only. Resolving a review takes the review's lock first and the
payment's after it (`lock_payment`), so one payout's reviews resolve one at a time.
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from payments import outbox
from payments.entries import copy_state_to_entries
from payments.models import Payment, PaymentType, Payout, PayoutStatus, RequestStatus
from payments.services.core import locked_payment, move, request_release
from payments.services.requests import advance_request
from payments.transitions import allowed


def lock_payment(*, payment_id: str) -> Payment:
    """Lock the payment's row for the caller's transaction (reviews of one payout serialise
    on it)."""
    return locked_payment(payment_id)


def attach_assessment(*, payment_id: str, assessment_id: str) -> None:
    with transaction.atomic():
        payment = locked_payment(payment_id)
        if assessment_id not in payment.assessment_ids:
            payment.assessment_ids = [*payment.assessment_ids, assessment_id]
            payment.save(update_fields=["assessment_ids"])


def attach_review(*, payout_id: str, review_id: str) -> None:
    with transaction.atomic():
        payout = locked_payment(payout_id, PaymentType.PAYOUT)
        if review_id not in payout.review_ids:
            payout.review_ids = [*payout.review_ids, review_id]
            payout.save(update_fields=["review_ids"])


def cancel_rejected_payout(*, payout_id: str, reason: str, actor: Actor) -> Payout:
    """A payout whose last pending review was rejected: a cancellable one (authorized or
    accepted) is cancelled and its hold released; one still waiting for the ledger's authorize
    answer is cancelled as soon as the hold is placed. Any other status is left alone (already
    final: a pending review keeps a payout from being claimed)."""
    with transaction.atomic():
        payout = locked_payment(payout_id, PaymentType.PAYOUT)
        if allowed(payout.type, "cancel", payout.status):
            move(payout, "cancel", reason=reason, actor=actor)
            request_release(payout, "cancelled")
        elif payout.status == PayoutStatus.INITIATED:
            payout.cancel_on_authorize = reason[:255] or "rejected in review"
            payout.save(update_fields=["cancel_on_authorize"])
    return payout


def set_hold(*, payment_id: str, active: bool, expires_on: datetime | None) -> None:
    """Keep the hold in step with the blocking reviews. Lifting it lets an authorized payout
    (hold placed) become claimable; placing it takes an accepted payout back to authorized."""
    with transaction.atomic():
        payment = locked_payment(payment_id)
        was_active = payment.hold_active
        payment.hold_active = active
        payment.hold_expires_on = expires_on if active else None
        payment.updated_on = timezone.now()
        payment.save(update_fields=["hold_active", "hold_expires_on", "updated_on"])
        copy_state_to_entries(payment)
        if was_active != active:
            outbox.hold_changed(payment)
        if payment.is_payout:
            if active and payment.status == PayoutStatus.ACCEPTED:
                move(payment, "hold", reason="a blocking review is open")
            elif (
                not active and payment.status == PayoutStatus.AUTHORIZED and payment.hold_reference
            ):
                move(payment, "accept", reason="no blocking review left")
        waiting = payment.is_request and payment.status == RequestStatus.FUNDED and not active
    if waiting:
        advance_request(request_id=payment_id)
