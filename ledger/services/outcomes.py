"""Outcomes: the outcome dict of a completed call, handed to its `reply_to` task and
acknowledged by it.

A completed call counts as replied once its receiver acknowledges it (`acknowledge`), in the
transaction that records what the outcome changed; until then the sweeper
(`ledger.services.sweeper`) hands the outcome over again.
"""

import logging
from datetime import UTC

from celery import current_app
from django.utils import timezone

from common.handover import hand_over
from common.statements import update_where
from ledger.models import LedgerCall

logger = logging.getLogger(__name__)


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
    return call is not None and hand_over_outcome(call)


def hand_over_outcome(call: LedgerCall, *, inline: bool = False) -> bool:
    """Give the outcome to `reply_to`, which acknowledges it (`acknowledge`) when it has
    recorded it: a published message is not yet a received one. `inline` (the delivery task,
    which runs on the ledger queue): when `reply_to` is a task of this process routed to that
    same queue, run it here instead of a round trip through the broker to the next free
    ledger worker. If it fails here it goes through the broker after all; whatever is not
    acknowledged the sweeper hands over again (`resume_stalled`)."""
    outcome = outcome_of(call)
    if inline and _run_here(call.reply_to, outcome):
        return True
    return hand_over(
        current_app.signature(call.reply_to),
        outcome,
        what=f"the outcome of ledger call {call.pk} for {call.reply_to}",
        logger=logger,
    )


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
