"""The events a payment's changes emit, to every provider that owns the payment (the same
visibility as the payment lists), each rendered in that provider's own view."""

from events import services as events
from events import types
from payments.entries import viewers
from payments.models import Payment, PaymentType
from payments.rendering import render_payment_row

_STATUS_CHANGED = {
    PaymentType.PAYOUT: types.PAYOUT_STATUS_CHANGED,
    PaymentType.REQUEST: types.REQUEST_STATUS_CHANGED,
}


def _views(payment: Payment, **change) -> dict[str, dict]:
    return {
        viewer: {**render_payment_row(payment, viewer), **change} for viewer in viewers(payment)
    }


def status_changed(payment: Payment, previous_status: str) -> None:
    events.record(_STATUS_CHANGED[payment.type], _views(payment, previousStatus=previous_status))


def hold_changed(payment: Payment) -> None:
    events.record(types.PAYMENT_HOLD_CHANGED, _views(payment))
