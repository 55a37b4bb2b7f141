"""Making a call: what payments asks of the provider's ledger, checked and queued.

Callers (payments) use `request_authorize`, `request_release` and `request_capture` inside their
own transaction. Each writes a LedgerCall row and, on commit, enqueues the delivery task
(`ledger.services.delivery`); a call whose enqueue is lost is enqueued again by the sweeper
(`ledger.services.sweeper`).
"""

import logging
from functools import partial

from django.db import transaction

from common.errors import InvalidRequest
from common.handover import hand_over
from common.money import MoneyError, get_currency
from common.statements import insert_row
from ledger import claims
from ledger.models import Endpoint, LedgerCall

logger = logging.getLogger(__name__)

MAX_ID_CHARS = 256


# --- requests from payments ---------------------------------------------------------------


def request_authorize(
    *,
    provider_id: str,
    payout_id: str,
    external_id: str,
    funding_source: str,
    amount_minor: int,
    currency: str,
    fraud_score: float,
    reply_to: str,
    caller_subject: str | None = None,
    request_id: str | None = None,
) -> None:
    """Ask the provider's ledger to hold `amount` on the sender's funding source."""
    if (
        isinstance(fraud_score, bool)
        or not isinstance(fraud_score, int | float)
        or not 0.0 <= fraud_score <= 1.0
    ):
        raise InvalidRequest("fraud_score must be a number from 0.0 to 1.0.")
    key = claims.idempotency_key(payout_id, Endpoint.AUTHORIZE)
    service = {
        "payoutID": _text(payout_id, "payout_id"),
        "providerID": _text(provider_id, "provider_id"),
        "externalID": _text(external_id, "external_id"),
        "fundingSource": _text(funding_source, "funding_source"),
        "amount": _amount(amount_minor, currency),
        "fraudScore": float(fraud_score),
        "callerSubject": _optional_text(caller_subject, "caller_subject"),
        "requestID": _optional_text(request_id, "request_id"),
        "idempotencyKey": key,
    }
    _schedule(provider_id, Endpoint.AUTHORIZE, payout_id, key, service, reply_to)


def request_release(
    *, provider_id: str, payout_id: str, hold_reference: str, reason: str | None, reply_to: str
) -> None:
    """Ask the provider's ledger to return the held funds to the sender."""
    key = claims.idempotency_key(payout_id, Endpoint.RELEASE)
    service = {
        "payoutID": _text(payout_id, "payout_id"),
        "providerID": _text(provider_id, "provider_id"),
        "holdReference": _text(hold_reference, "hold_reference"),
        "reason": _optional_text(reason, "reason"),
        "idempotencyKey": key,
    }
    _schedule(provider_id, Endpoint.RELEASE, payout_id, key, service, reply_to)


def request_capture(
    *,
    provider_id: str,
    payout_id: str,
    hold_reference: str,
    amount_minor: int,
    currency: str,
    reply_to: str,
) -> None:
    """Ask the provider's ledger to settle the held funds (all of them, or `amount` of them)."""
    key = claims.idempotency_key(payout_id, Endpoint.CAPTURE)
    service = {
        "payoutID": _text(payout_id, "payout_id"),
        "providerID": _text(provider_id, "provider_id"),
        "holdReference": _text(hold_reference, "hold_reference"),
        "amount": _amount(amount_minor, currency),
        "idempotencyKey": key,
    }
    _schedule(provider_id, Endpoint.CAPTURE, payout_id, key, service, reply_to)


def _text(value, name: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ID_CHARS:
        raise InvalidRequest(f"{name} must be a non-empty string of at most {MAX_ID_CHARS} chars.")
    return value


def _optional_text(value, name: str) -> str | None:
    return None if value is None else _text(value, name)


def _amount(minor, currency: str) -> dict:
    if isinstance(minor, bool) or not isinstance(minor, int) or minor <= 0:
        raise InvalidRequest("amount_minor must be a positive integer (minor units).")
    try:
        get_currency(currency)
    except MoneyError as exc:
        raise InvalidRequest(f"currency {exc}.") from None
    return claims.amount(minor, currency)


def _schedule(provider_id, endpoint, payout_id, key, service, reply_to) -> LedgerCall:
    _text(reply_to, "reply_to")
    call = LedgerCall(
        provider_id=provider_id,
        endpoint=endpoint,
        payout_id=payout_id,
        idempotency_key=key,
        service=claims.without_empty(service),
        reply_to=reply_to,
    )
    insert_row(call)
    transaction.on_commit(partial(_enqueue, call.id))
    return call


def _enqueue(call_id: str, countdown: float | None = None) -> None:
    from ledger.tasks import deliver_call

    # The call row is committed: the stalled-call sweeper enqueues it again if this fails.
    hand_over(
        deliver_call, call_id, what=f"ledger call {call_id}", logger=logger, countdown=countdown
    )
