"""Beat jobs over many payments: expire what was not claimed or paid in time, and disburse
funded requests whose requester can be paid again.

Lock order: one payment at a time, each in its own transaction, so one payment's failure
neither blocks nor rolls back the others.
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from payments.models import EXPIRABLE_STATUSES, Payment, PaymentRequest, RequestStatus
from payments.services.core import locked_payment, move, request_release
from payments.services.requests import (
    advance_request,
    can_disburse,
    start_disbursement,
    start_refund,
)


def expire_due_payments(*, now: datetime | None = None) -> list[Payment]:
    """Expire what was not claimed or paid in time: payouts release their hold; funded
    requests whose requester still cannot receive are refunded to the payer."""
    now = now or timezone.now()
    due = list(
        Payment.objects.filter(status__in=EXPIRABLE_STATUSES, expires_on__lte=now)
        .order_by("expires_on")
        .values_list("id", flat=True)
    )
    changed = []
    for payment_id in due:
        payment = _expire_one(payment_id, now)
        if payment is not None:
            changed.append(payment)
    return changed


def _expire_one(payment_id: str, now: datetime) -> Payment | None:
    with transaction.atomic():
        payment = locked_payment(payment_id)
        if payment.expires_on > now or payment.status not in EXPIRABLE_STATUSES:
            return None  # changed since the sweep listed it
        if payment.is_payout:
            move(payment, "expire", reason="not claimed before expiresOn")
            request_release(payment, "expired")
            return payment
        if payment.status != RequestStatus.FUNDED:
            move(payment, "expire", reason="not paid before expiresOn")
            return payment
        if can_disburse(payment):
            start_disbursement(payment)
        else:
            start_refund(payment, reason="expired while the requester could not be paid")
    return advance_request(request_id=payment_id)


def release_waiting_requests() -> list[PaymentRequest]:
    """Disburse funded requests whose requester was reactivated (or whose hold lifted)."""
    waiting = PaymentRequest.objects.filter(
        status=RequestStatus.FUNDED,
        hold_active=False,
        initiator_enrollment__suspended=False,
    ).values_list("id", flat=True)
    return [advance_request(request_id=request_id) for request_id in list(waiting)]
