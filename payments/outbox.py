"""What a payment's changes emit: events to every provider that owns the payment (the same
visibility as the payment lists), each rendered in that provider's own view; and the
counts of payments created and finished, once their transaction commits."""

from django.db import transaction

from common import metrics
from events import services as events
from events import types
from payments.entries import viewers
from payments.models import Payment, PaymentType
from payments.rendering import render_payment_row
from payments.transitions import is_final

_STATUS_CHANGED = {
    PaymentType.PAYOUT: types.PAYOUT_STATUS_CHANGED,
    PaymentType.REQUEST: types.REQUEST_STATUS_CHANGED,
}


# An event names the parties as the payment's detail does (docs/decisions/event-party-names.md):
# the list row's initiator and counterparty are its sender and recipient, or requester and payer.
PARTY_NAMES = {
    PaymentType.PAYOUT: {"initiator": "sender", "counterparty": "recipient"},
    PaymentType.REQUEST: {"initiator": "requester", "counterparty": "payer"},
}


def event_data(row: dict, payment_type: str) -> dict:
    """A payment row as an event carries it: each party under the detail's name."""
    names = PARTY_NAMES[payment_type]
    return {names.get(key, key): value for key, value in row.items()}


def _views(payment: Payment, **change) -> dict[str, dict]:
    return {
        viewer: {**event_data(render_payment_row(payment, viewer), payment.type), **change}
        for viewer in viewers(payment)
    }


def status_views(payment: Payment, previous_status: str) -> tuple[str, dict[str, dict]]:
    """One change of status (`statuses_changed` announces one or several together): the event
    type and each owner's rendering, taken while the payment is at that step."""
    return _STATUS_CHANGED[payment.type], _views(payment, previousStatus=previous_status)


def statuses_changed(payment: Payment, steps: list[tuple[str, dict[str, dict]]]) -> None:
    """Changes of status made in one transaction, in order (`status_views` of each)."""
    events.record_each(steps)
    _count_if_final(payment)


def _count_if_final(payment: Payment) -> None:
    if is_final(payment.type, payment.status):
        counted = (payment.type, payment.status)
        transaction.on_commit(lambda: metrics.PAYMENTS_FINISHED.labels(*counted).inc())


def created(payment: Payment) -> None:
    """No event (the contract's list shows it), but counted once the creation commits."""
    payment_type = payment.type
    transaction.on_commit(lambda: metrics.PAYMENTS_CREATED.labels(payment_type).inc())


def hold_changed(payment: Payment) -> None:
    events.record(types.PAYMENT_HOLD_CHANGED, _views(payment))
