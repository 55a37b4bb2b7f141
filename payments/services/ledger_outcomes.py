"""What the provider's ledger answered, applied to the payout: authorize, capture and release
outcomes; and asking the ledger again when an authorize got no trustworthy answer.

Lock order: the payout only. Applying is idempotent: a redelivered outcome finds its
operation already resolved and changes nothing.
"""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.statements import CompiledRead, save_fields
from ledger import services as ledger_services
from payments import rails
from payments.models import FundingAttempt, Operation, PaymentType, Payout, PayoutStatus
from payments.services.core import (
    add_operation,
    locked_payment,
    move,
    move_through,
    open_operation,
    record_event,
    request_release,
    resolve_operation,
    send_authorize,
)

logger = logging.getLogger(__name__)

# How many authorizes a payout gets in all, the first included, when answers stay unknown.
RECONCILE_ATTEMPTS = 3
PARTY_LINKS = (
    "initiator_enrollment",
    "initiator_funding_source",
    "counterparty_enrollment",
    "counterparty_funding_source",
)

# The payout an outcome names, locked (its row only), with the parties its status-change
# event renders; and its latest funding attempt in a status. Compiled once: every outcome
# reads both.
_LOCKED_PAYOUT = CompiledRead(
    lambda payout_id: (
        Payout.objects.select_for_update(of=("self",))
        .select_related(*PARTY_LINKS)
        .filter(pk=payout_id)
    ),
    str,
)
_LAST_ATTEMPT = CompiledRead(
    lambda payout_id, status: FundingAttempt.objects.filter(
        payment_id=payout_id, status=status
    ).order_by("-created_on", "-id")[:1],  # `.last()` by the model's ordering
    str,
    str,
)


def _last_attempt(payout: Payout, status: str) -> FundingAttempt | None:
    """As `payout.funding_attempts.filter(status=status).last()`."""
    attempt = _LAST_ATTEMPT.first(payout.pk, str(status))
    if attempt is not None:
        attempt.payment = payout
    return attempt


# Our answer when the ledger gave no trustworthy one: did the provider act or not?
_DEFINITE_ERRORS = ("ledger_rejected", "ledger_not_configured")


def _unsettled_status(outcome: dict) -> str:
    if outcome["outcome"] in ("denied", "failed"):
        return Operation.Status.FAILED
    if outcome["outcome"] == "error" and outcome.get("failureCode") in _DEFINITE_ERRORS:
        return Operation.Status.FAILED
    return Operation.Status.UNKNOWN


def _log_unknown(what: str, outcome: dict) -> None:
    # Names the outcome, never its content: a ledger's `reason` is free text that can quote
    # the customer.
    logger.error(
        "Ledger outcome for an unknown %s (endpoint %r, payout %r)",
        what,
        outcome.get("endpoint"),
        outcome.get("payoutID"),
    )


def record_ledger_outcome(outcome: dict) -> Payout | None:
    """Apply one final ledger answer. Idempotent: a redelivered outcome finds its operation
    already resolved and changes nothing."""
    op_type = {
        "authorize": Operation.Type.AUTHORIZE,
        "capture": Operation.Type.CAPTURE,
        "release": Operation.Type.RELEASE,
    }.get(outcome.get("endpoint"))
    if op_type is None:
        _log_unknown("endpoint", outcome)
        ledger_services.acknowledge(outcome)  # logged: nothing more will come of it
        return None
    with transaction.atomic():
        # Received: the receipt commits with what the outcome changes, or not at all.
        ledger_services.acknowledge(outcome)
        # An outcome naming no payout of ours is logged, not a client's 404: plain lock.
        # With the parties the status-change event renders (locked: the payout row only).
        payout_id = outcome.get("payoutID")
        payout = _LOCKED_PAYOUT.first(payout_id) if isinstance(payout_id, str) else None
        if payout is None:
            _log_unknown("payout", outcome)
            return None
        operation = open_operation(payout, op_type)
        if operation is None:
            logger.info("Ledger %s outcome for %s already applied", op_type, payout.id)
            return payout
        handler = {
            Operation.Type.AUTHORIZE: _authorize_outcome,
            Operation.Type.CAPTURE: _capture_outcome,
            Operation.Type.RELEASE: _release_outcome,
        }[op_type]
        handler(payout, operation, outcome)
    return payout


def _failure(outcome: dict, default: str) -> tuple[str, str]:
    return outcome.get("failureCode") or default, outcome.get("reason") or ""


def _authorize_outcome(payout: Payout, operation: Operation, outcome: dict) -> None:
    if payout.status != PayoutStatus.INITIATED:
        _reconciled_authorize_outcome(payout, operation, outcome)
        return
    attempt = _last_attempt(payout, FundingAttempt.Status.PENDING)
    if outcome["outcome"] == "approved":
        resolve_operation(
            operation, Operation.Status.SUCCEEDED, reference=outcome.get("reference") or ""
        )
        if attempt:
            attempt.status = FundingAttempt.Status.APPROVED
            attempt.updated_on = timezone.now()
            save_fields(attempt, ["status", "updated_on"])
        payout.hold_reference = outcome.get("reference") or ""
        if payout.cancel_on_authorize:
            move(payout, "authorize", extra=["hold_reference"])
            move(payout, "cancel", reason=payout.cancel_on_authorize)
            request_release(payout, "cancelled")
        elif payout.hold_active:
            move(payout, "authorize", extra=["hold_reference"])  # a review holds it there
        else:
            move_through(payout, ("authorize", "accept"), extra=["hold_reference"])
        return
    denied = outcome["outcome"] == "denied"
    code, reason = _failure(outcome, "ledger_denied" if denied else "ledger_unknown_outcome")
    resolve_operation(operation, _unsettled_status(outcome), failure_code=code, reason=reason)
    if attempt:
        attempt.status = FundingAttempt.Status.DENIED if denied else FundingAttempt.Status.FAILED
        attempt.updated_on = timezone.now()
        save_fields(attempt, ["status", "updated_on"])
    move(payout, "authorize_denied" if denied else "authorize_failed", reason=reason or code)


def _reconciled_authorize_outcome(payout: Payout, operation: Operation, outcome: dict) -> None:
    """The answer to a re-sent authorize of a payout that already failed: a hold found now
    (placed while the first answer was lost) is released at once; the payout stays failed."""
    if outcome["outcome"] == "approved":
        resolve_operation(
            operation, Operation.Status.SUCCEEDED, reference=outcome.get("reference") or ""
        )
        payout.hold_reference = outcome.get("reference") or ""
        payout.save(update_fields=["hold_reference"])
        record_event(
            payout, "reconcile", payout.status, payout.status, reason="hold found; released"
        )
        request_release(payout, "failed")
        return
    code, reason = _failure(outcome, "ledger_unknown_outcome")
    resolve_operation(operation, _unsettled_status(outcome), failure_code=code, reason=reason)


def _capture_outcome(payout: Payout, operation: Operation, outcome: dict) -> None:
    disbursement = open_operation(payout, Operation.Type.DISBURSE)
    if outcome["outcome"] == "approved":
        reference = outcome.get("reference") or ""
        resolve_operation(operation, Operation.Status.SUCCEEDED, reference=reference)
        attempt = _last_attempt(payout, FundingAttempt.Status.APPROVED)
        if attempt and reference:
            attempt.reference = reference
            attempt.updated_on = timezone.now()
            save_fields(attempt, ["reference", "updated_on"])
        if disbursement:
            result = rails.disburse(payout, disbursement)
            resolve_operation(
                disbursement,
                Operation.Status.SUCCEEDED if result.succeeded else Operation.Status.FAILED,
                reference=result.reference,
                failure_code=result.failure_code,
            )
        payout.completed_on = timezone.now()
        move(payout, "settle", extra=["completed_on"])
        return
    code, reason = _failure(outcome, "ledger_unknown_outcome")
    resolve_operation(operation, _unsettled_status(outcome), failure_code=code, reason=reason)
    if disbursement:
        resolve_operation(disbursement, Operation.Status.FAILED, failure_code="capture_failed")
    move(payout, "payout_fail", reason=reason or code)
    request_release(payout, "payout_failed")


def _release_outcome(payout: Payout, operation: Operation, outcome: dict) -> None:
    if outcome["outcome"] == "approved":
        resolve_operation(
            operation, Operation.Status.SUCCEEDED, reference=outcome.get("reference") or ""
        )
        return
    code, reason = _failure(outcome, "ledger_unknown_outcome")
    resolve_operation(operation, _unsettled_status(outcome), failure_code=code, reason=reason)
    logger.warning("Release of the hold on %s did not succeed: %s", payout.id, code)


def reconcile_unknown_authorizations(*, now: datetime | None = None) -> list[Payout]:
    """Ask the ledger again about failed payouts whose authorize got no trustworthy answer.

    The ledger's idempotency key is per payout and endpoint, so the provider answers with what
    it did the first time: a hold placed while its reply was lost comes back approved and is
    released (the payout stays failed). Re-asking stops after RECONCILE_ATTEMPTS authorizes."""
    cutoff = (now or timezone.now()) - timedelta(seconds=settings.PAYOUT_RECONCILE_AFTER_SECONDS)
    candidates = (
        Payout.objects.filter(
            status=PayoutStatus.FAILED,
            operations__type=Operation.Type.AUTHORIZE,
            operations__status=Operation.Status.UNKNOWN,
            operations__occurred_on__lte=cutoff,
        )
        .values_list("id", flat=True)
        .distinct()
    )
    asked = []
    for payout_id in list(candidates):
        with transaction.atomic():
            payout = locked_payment(payout_id, PaymentType.PAYOUT)
            authorizes = list(payout.operations.filter(type=Operation.Type.AUTHORIZE))
            latest = max(authorizes, key=lambda op: (op.created_on, op.id))
            if latest.status != Operation.Status.UNKNOWN or len(authorizes) >= RECONCILE_ATTEMPTS:
                continue
            add_operation(payout, Operation.Type.AUTHORIZE, Operation.Rail.CORE_HOLD)
            send_authorize(payout, payout.initiator_enrollment, payout.initiator_funding_source)
            asked.append(payout)
    return asked
