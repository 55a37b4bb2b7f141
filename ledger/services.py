"""Every write of the ledger area: registrations, and callbacks from request to reported outcome.

Callers (payments) use `request_authorize`, `request_release` and `request_capture` inside their
own transaction. Each writes a LedgerCall row and, on commit, enqueues the delivery task. The
task makes one HTTP attempt per run and schedules the next with backoff; when the call has a
final result, the outcome dict goes to the Celery task named by `reply_to`. A provider has a
few calls in flight at most (ledger.bulkhead): one that finds no room waits in line.

A callback is read here from request to reported outcome in one pass (request, delivery,
outcome follow each other), and it is the module newcomers are pointed to for how a lower layer
answers its caller (`reply_to`). Registrations (`ledger.registration`) are re-exported here.
"""

import logging
import math
from datetime import UTC, timedelta
from functools import partial

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from common.compiled import CompiledRead
from common.errors import InvalidRequest
from common.money import MoneyError, get_currency
from common.rows import insert_row, save_fields, update_where
from ledger import backoff, bulkhead, claims, client, keys
from ledger.models import CallbackAttempt, Endpoint, LedgerCall, LedgerRegistration, Outcome

# Registration lives in its own module; callers reach it here as before.
from ledger.registration import Registered, check_url, register_ledger  # noqa: F401

logger = logging.getLogger(__name__)

# failureCode of an outcome that is not approved (ours, machine-readable).
LEDGER_UNKNOWN_OUTCOME = "ledger_unknown_outcome"
LEDGER_UNAVAILABLE = "ledger_unavailable"
LEDGER_REJECTED = "ledger_rejected"
LEDGER_BAD_RESPONSE = "ledger_bad_response"
LEDGER_NOT_CONFIGURED = "ledger_not_configured"
LEDGER_DENIED = "ledger_denied"  # authorize answered denied
LEDGER_FAILED = "ledger_failed"  # release or capture answered failed

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


def _retry_note(retry_in: float | None, retrying: bool) -> str:
    """The wait before the next attempt; in eager mode (no broker: `make run`, tests) the
    next attempt runs at once, and the line says so instead of promising a wait."""
    if retry_in is None:
        return ""
    from celery import current_app

    if retrying and current_app.conf.task_always_eager:
        return f" retry_in={retry_in:.2f}s (eager mode: retried at once, without the wait)"
    return f" retry_in={retry_in:.2f}s"


def _enqueue(call_id: str, countdown: float | None = None) -> None:
    from common.handover import hand_over
    from ledger.tasks import deliver_call

    # The call row is committed: the stalled-call sweeper enqueues it again if this fails.
    hand_over(
        deliver_call, call_id, what=f"ledger call {call_id}", logger=logger, countdown=countdown
    )


# --- delivery -----------------------------------------------------------------------------


def deliver(*, call_id: str) -> None:
    """Make the next HTTP attempt of a pending call and record what happened."""
    call = _lease(call_id)
    if call is None:
        return  # finished, or another worker is on it
    registration = LedgerRegistration.objects.filter(provider_id=call.provider_id).first()
    key = None
    if registration is not None:
        try:
            key = registration.key()
        except keys.UnreadableKey:
            logger.exception("ledger key of %s is unreadable", call.provider_id)
    if key is None:
        _complete_unattempted(call_id, LEDGER_NOT_CONFIGURED)
        return
    if not bulkhead.enter(call.provider_id, call_id):
        _wait_for_slot(call)
        return
    url = registration.url_for(call.endpoint)
    started_on = timezone.now()
    result = None
    try:
        result = client.call(url=url, key=key, endpoint=call.endpoint, service=call.service)
    finally:
        # The slot goes back the moment the ledger answered, to the next call in line.
        for handed in bulkhead.leave(call.provider_id, call_id, result):
            _enqueue(handed)
    _record(call_id, url=url, started_on=started_on, result=result)


def _wait_for_slot(call: LedgerCall) -> None:
    """The provider's slots are full: the call waits in its line (ledger.bulkhead), unleased,
    and the worker takes other work. `next_attempt_on` says since when, so that the
    stalled-call sweeper finds it if Redis forgets the line."""
    update_where(
        LedgerCall,
        {"leased_until": None, "next_attempt_on": timezone.now()},
        id=call.pk,
        status=LedgerCall.Status.PENDING,
    )
    logger.info("ledger %s %s waits for a slot", call.endpoint, call.payout_id)
    if not bulkhead.still_waiting(call.provider_id, call.pk):
        # Handed a slot while still leased here: that delivery found it leased and ended.
        _enqueue(call.pk)


def lease_seconds() -> float:
    # Past the attempt's deadline and the task's hard time limit (config/queues.py).
    return settings.LEDGER_DEADLINE_MS / 1000 + 60


def _lease(call_id: str) -> LedgerCall | None:
    """The pending call, leased to this run; None when it is finished or leased to another.
    One statement: the lease and the row it took come back together."""
    now = timezone.now()
    table = LedgerCall._meta.db_table
    leased = LedgerCall.objects.raw(
        f'UPDATE "{table}" SET "leased_until" = %s '
        'WHERE "id" = %s AND "status" = %s AND ("leased_until" IS NULL OR "leased_until" < %s) '
        "RETURNING *",
        [now + timedelta(seconds=lease_seconds()), call_id, LedgerCall.Status.PENDING, now],
    )
    return next(iter(leased), None)


_ANSWER_FAILURE_CODES = {
    Outcome.DENIED: LEDGER_DENIED,
    Outcome.FAILED: LEDGER_FAILED,
    Outcome.UNKNOWN: LEDGER_UNKNOWN_OUTCOME,
}


def _classify(attempt: int, result: client.AttemptResult):
    """(what the attempt log says, the call's final fields or None, seconds until a retry)."""
    if result.kind == client.ANSWER:
        answer = result.answer
        final = {
            "outcome": answer.outcome,
            "reference": answer.reference,
            "reason": answer.reason,
            "failure_code": _ANSWER_FAILURE_CODES.get(answer.outcome),
        }
        return answer.outcome, final, None
    if result.kind == client.REJECTED:
        final = {"outcome": Outcome.ERROR, "failure_code": LEDGER_REJECTED}
        return CallbackAttempt.Result.REJECTED, final, None
    if result.kind == client.BAD_RESPONSE:
        final = {"outcome": Outcome.ERROR, "failure_code": LEDGER_BAD_RESPONSE}
        return CallbackAttempt.Result.BAD_RESPONSE, final, None
    if attempt >= settings.LEDGER_MAX_ATTEMPTS:
        final = {"outcome": Outcome.ERROR, "failure_code": LEDGER_UNAVAILABLE}
        return CallbackAttempt.Result.UNAVAILABLE, final, None
    delay = backoff.retry_delay(attempt, retry_after=result.retry_after)
    return CallbackAttempt.Result.RETRY, None, delay


def _record(call_id: str, *, url: str, started_on, result: client.AttemptResult) -> None:
    with transaction.atomic():
        call = _locked_call(call_id)
        # Still pending unless our lease ran out and another run finished the call meanwhile.
        pending = call.status == LedgerCall.Status.PENDING
        call.attempts += 1
        call.leased_until = None
        attempt_outcome, final, retry_in = _classify(call.attempts, result)
        if pending:
            call.http_status = result.http_status
            if final is not None:
                _finish(call, **final)
            else:
                call.next_attempt_on = timezone.now() + timedelta(seconds=retry_in)
        save_fields(call, _CALL_FIELDS)
        attempt = CallbackAttempt(
            call=call,
            provider_id=call.provider_id,
            endpoint=call.endpoint,
            payout_id=call.payout_id,
            attempt=call.attempts,
            url=url,
            http_status=result.http_status,
            latency_ms=result.latency_ms,
            outcome=attempt_outcome,
            error=result.error,
            retry_in_ms=None if retry_in is None else math.ceil(retry_in * 1000),
            started_on=started_on,
        )
        insert_row(attempt)
        logger.info(
            "ledger %s %s attempt %d: %s status=%s latency=%dms%s%s",
            call.endpoint,
            call.payout_id,
            call.attempts,
            attempt_outcome,
            result.http_status,
            result.latency_ms,
            _retry_note(retry_in, pending and final is None),
            # Its kind only ("HTTP 500", "ConnectTimeout"): the excerpt of the ledger's answer
            # can quote the customer, and stays in the attempt log for staff.
            f" error={result.error.split(':', 1)[0]!r}" if result.error else "",
        )
        if not pending:
            return
        if final is not None:
            transaction.on_commit(partial(_hand_over, call, inline=True))
        else:
            transaction.on_commit(partial(_enqueue, call_id, countdown=retry_in))


# Every attempt's outcome locks its call and writes it back whole: compiled once.
_CALL_FIELDS = [f.attname for f in LedgerCall._meta.concrete_fields if not f.primary_key]
_LOCKED_CALL = CompiledRead(
    lambda call_id: LedgerCall.objects.select_for_update().filter(pk=call_id), str
)


def _locked_call(call_id: str) -> LedgerCall:
    """As `LedgerCall.objects.select_for_update().get(pk=call_id)`: the call exists."""
    return _LOCKED_CALL.get(call_id)


def _finish(call: LedgerCall, *, outcome, reference=None, reason=None, failure_code=None):
    call.status = LedgerCall.Status.COMPLETED
    call.outcome = outcome
    call.reference = reference
    call.reason = reason
    call.failure_code = failure_code
    call.completed_on = timezone.now()
    call.handed_over_on = call.completed_on  # on commit (the sweeper sends it again if lost)


def _complete_unattempted(call_id: str, failure_code: str) -> None:
    with transaction.atomic():
        call = LedgerCall.objects.select_for_update().get(pk=call_id)
        if call.status != LedgerCall.Status.PENDING:
            return
        call.leased_until = None
        _finish(call, outcome=Outcome.ERROR, failure_code=failure_code)
        call.save()
        transaction.on_commit(partial(send_outcome, call_id))


# --- outcomes -----------------------------------------------------------------------------


def outcome_of(call: LedgerCall) -> dict:
    """The JSON-safe outcome dict handed to the `reply_to` task."""
    occurred = call.completed_on or timezone.now()
    return {
        "endpoint": call.endpoint,
        "providerID": call.provider_id,
        "payoutID": call.payout_id,
        "outcome": call.outcome,
        "reference": call.reference,
        "reason": call.reason,
        "failureCode": call.failure_code,
        "idempotencyKey": call.idempotency_key,
        "attempts": call.attempts,
        "httpStatus": call.http_status,
        "occurredOn": occurred.astimezone(UTC).isoformat().replace("+00:00", "Z"),
        "callID": call.id,  # what the receiver acknowledges
    }


def acknowledge(outcome: dict) -> None:
    """The `reply_to` task has the outcome: it calls this in the transaction that records what
    the outcome changed, so the call counts as replied exactly when that commits. Until then
    the sweeper hands the outcome over again (a message the broker lost, a receiver that
    failed)."""
    call_id = outcome.get("callID")
    if isinstance(call_id, str):
        update_where(LedgerCall, {"replied_on": timezone.now()}, id=call_id, replied_on=None)


def send_outcome(call_id: str) -> bool:
    """Hand a completed call's outcome to its `reply_to` task. The receiver is idempotent, so a
    second delivery (a resend of an outcome whose first copy arrived late) is harmless."""
    call = LedgerCall.objects.filter(pk=call_id, status=LedgerCall.Status.COMPLETED).first()
    return call is not None and _hand_over(call)


def _hand_over(call: LedgerCall, *, inline: bool = False) -> bool:
    """Give the outcome to `reply_to`, which acknowledges it (`acknowledge`) when it has
    recorded it: a published message is not yet a received one. `inline` (the delivery task,
    which runs on the ledger queue): when `reply_to` is a task of this process routed to that
    same queue, run it here instead of a round trip through the broker to the next free
    ledger worker. If it fails here it goes through the broker after all; whatever is not
    acknowledged the sweeper hands over again (`resume_stalled`)."""
    outcome = outcome_of(call)
    if inline and _run_here(call.reply_to, outcome):
        return True
    try:
        current_app.signature(call.reply_to, args=(outcome,)).apply_async()
    except Exception:
        logger.exception(
            "could not hand the outcome of ledger call %s to %s", call.pk, call.reply_to
        )
        return False
    return True


def _run_here(task_name: str, outcome: dict) -> bool:
    task = current_app.tasks.get(task_name)
    if task is None or not _same_queue(task_name, "ledger.tasks.deliver_call"):
        return False
    try:
        task(outcome)
    except Exception:
        logger.exception("outcome task %s failed in the delivery's worker", task_name)
        return False
    return True


def _same_queue(task_name: str, other: str) -> bool:
    routes = current_app.conf.task_routes or {}
    queue = routes.get(task_name, {}).get("queue")
    return queue is not None and queue == routes.get(other, {}).get("queue")


def resume_stalled(*, batch: int = 500) -> int:
    """Re-enqueue pending calls nobody is working on, and waiting calls whose provider has
    room again, and re-send outcomes their receiver has not acknowledged (a broker that lost
    its data, or a killed worker at the wrong moment, loses no call and no outcome)."""
    now = timezone.now()
    cutoff = now - timedelta(seconds=settings.LEDGER_STALLED_AFTER_SECONDS)
    stalled = list(
        LedgerCall.objects.filter(status=LedgerCall.Status.PENDING, next_attempt_on__lt=cutoff)
        .filter(Q(leased_until__isnull=True) | Q(leased_until__lt=now))
        .order_by("next_attempt_on")
        .values_list("id", flat=True)[:batch]
    )
    # Pushed forward, so the next sweep waits for this enqueue to be worked before trying again.
    LedgerCall.objects.filter(pk__in=stalled).update(next_attempt_on=now)
    # Waiting calls handed the slots of workers that died (their leases ran out).
    stalled += bulkhead.hand_on()
    for call_id in stalled:
        _enqueue(call_id)
    unreplied = list(
        LedgerCall.objects.filter(
            status=LedgerCall.Status.COMPLETED, replied_on__isnull=True, completed_on__lt=cutoff
        )
        .filter(Q(handed_over_on__isnull=True) | Q(handed_over_on__lt=cutoff))
        .order_by("completed_on")
        .values_list("id", flat=True)[:batch]
    )
    # Likewise: the receiver gets this long to acknowledge the copy sent now.
    LedgerCall.objects.filter(pk__in=unreplied).update(handed_over_on=now)
    for call_id in unreplied:
        send_outcome(call_id)
    return len(stalled) + len(unreplied)
