"""Sending a call: one HTTP attempt per run, its record, and the next attempt or the outcome.

The delivery task leases a pending call, makes one attempt and records it; it schedules the
next with backoff until the call has a final result, whose outcome then goes to `reply_to`
(`ledger.services.outcomes`). A provider has a few calls in flight at most (ledger.bulkhead):
one that finds no room waits in line.
"""

import logging
import math
from datetime import timedelta
from functools import partial

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.statements import CompiledRead, insert_row, save_fields, update_where
from ledger import backoff, bulkhead, client, keys
from ledger.models import CallbackAttempt, LedgerCall, LedgerRegistration, Outcome
from ledger.services import calls, outcomes

logger = logging.getLogger(__name__)

# failureCode of an outcome that is not approved (ours, machine-readable).
LEDGER_UNKNOWN_OUTCOME = "ledger_unknown_outcome"
LEDGER_UNAVAILABLE = "ledger_unavailable"
LEDGER_REJECTED = "ledger_rejected"
LEDGER_BAD_RESPONSE = "ledger_bad_response"
LEDGER_NOT_CONFIGURED = "ledger_not_configured"
LEDGER_DENIED = "ledger_denied"  # authorize answered denied
LEDGER_FAILED = "ledger_failed"  # release or capture answered failed


def _retry_note(retry_in: float | None, retrying: bool) -> str:
    """The wait before the next attempt; in eager mode (no broker: `make run`, tests) the
    next attempt runs at once, and the line says so instead of promising a wait."""
    if retry_in is None:
        return ""
    if retrying and current_app.conf.task_always_eager:
        return f" retry_in={retry_in:.2f}s (eager mode: retried at once, without the wait)"
    return f" retry_in={retry_in:.2f}s"


def deliver(*, call_id: str) -> None:
    """Make the next HTTP attempt of a pending call and record what happened."""
    call = _lease(call_id)
    if call is None:
        return  # finished, or another worker is on it
    registration = LedgerRegistration.objects.filter(provider_id=call.provider_id).first()
    answer_keys = []
    if registration is not None:
        try:
            answer_keys = registration.answer_keys(timezone.now())
        except keys.UnreadableKey:
            logger.exception("ledger key of %s is unreadable", call.provider_id)
    if not answer_keys:
        _complete_unattempted(call_id, LEDGER_NOT_CONFIGURED)
        return
    if not bulkhead.enter(call.provider_id, call_id):
        _wait_for_slot(call)
        return
    url = registration.url_for(call.endpoint)
    started_on = timezone.now()
    result = None
    try:
        key, *previous = answer_keys
        result = client.call(
            url=url, key=key, endpoint=call.endpoint, service=call.service, also=tuple(previous)
        )
    finally:
        # The slot goes back the moment the ledger answered, to the next call in line.
        for handed in bulkhead.leave(call.provider_id, call_id, result):
            calls._enqueue(handed)
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
        calls._enqueue(call.pk)


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
            transaction.on_commit(partial(outcomes.hand_over_outcome, call, inline=True))
        else:
            transaction.on_commit(partial(calls._enqueue, call_id, countdown=retry_in))


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
        transaction.on_commit(partial(outcomes.send_outcome, call_id))
