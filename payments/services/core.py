"""The primitives every payments job is built from: lock a payment, move it through the
lifecycle table, record its events and money operations, insert a new one, and the ledger
calls several jobs make (authorize, release).

Not called from outside payments: other apps use the jobs (`payments.services`). Every
function here runs inside its caller's transaction, and those that change a payment expect
the caller to hold its lock (`locked_payment`). Statuses move only through
`payments.transitions.next_status`. Ledger calls are scheduled inside the transaction (the
ledger client enqueues on commit), so nothing is sent for a change that rolls back; their
outcomes come back through `payments.tasks.on_ledger_outcome`.
"""

from datetime import timedelta

from django.db import IntegrityError
from django.utils import timezone

from common.actors import Actor
from common.locking import lock_or_404
from common.statements import (
    CompiledRead,
    insert_row,
    insert_row_unless_taken,
    insert_rows,
    save_fields,
)
from ledger import selectors as ledger_selectors
from ledger import services as ledger_services
from participants.models import Enrollment, FundingSource
from payments import outbox, risk
from payments.entries import copy_state_to_entries, rewrite_entries
from payments.models import (
    Operation,
    Payment,
    PaymentEvent,
    PaymentType,
    Payout,
    new_reference_number,
)
from payments.transitions import next_status

# The Celery task the ledger client calls with each final outcome.
LEDGER_REPLY_TO = "payments.tasks.on_ledger_outcome"

_REFERENCE_ATTEMPTS = 5
_NOUNS = {PaymentType.PAYOUT: "payout", PaymentType.REQUEST: "request"}


def locked_payment(payment_id: str, payment_type: str | None = None) -> Payment:
    """The payment (of this type, when given) locked, as its proxy class, or NotFound."""
    rows = Payment.objects.select_related(
        "initiator_enrollment",
        "counterparty_enrollment",
        "initiator_funding_source",
        "counterparty_funding_source",
    ).filter(pk=payment_id)
    if payment_type:
        rows = rows.filter(type=payment_type)
    noun = _NOUNS.get(payment_type, "payment")
    return lock_or_404(rows, f"No {noun} with ID {payment_id}.").typed()


def record_event(payment, trigger, from_status, to_status, *, reason="", actor=None, at=None):
    insert_row(_history_row(payment, trigger, from_status, to_status, reason, actor, at))


def _history_row(payment, trigger, from_status, to_status, reason, actor, at) -> PaymentEvent:
    event = PaymentEvent(
        payment=payment,
        trigger=trigger,
        from_status=from_status,
        to_status=to_status,
        reason=(reason or "")[:512],
        occurred_on=at or timezone.now(),
    )
    event.set_actor(actor or Actor.system())
    return event


def move(payment: Payment, trigger: str, *, reason: str = "", actor=None, extra=()) -> None:
    """Apply one transition of the table, save it, keep the entries in step, record it."""
    move_through(payment, (trigger,), reason=reason, actor=actor, extra=extra)


def move_through(
    payment: Payment, triggers: tuple[str, ...], *, reason: str = "", actor=None, extra=()
) -> None:
    """Transitions of the table in a row (every step checked, recorded in the history with
    `reason` and announced, in order), written together: one UPDATE of the payment and one of
    its entries, one insert of the history rows and one of the events, however many steps."""
    history, announced = [], []
    for trigger in triggers:
        before = payment.status
        payment.status = next_status(payment.type, trigger, before)
        at = timezone.now()
        if history and at <= history[-1].occurred_on:  # the history keeps the steps' order
            at = history[-1].occurred_on + timedelta(microseconds=1)
        payment.updated_on = at
        history.append(_history_row(payment, trigger, before, payment.status, reason, actor, at))
        announced.append(outbox.status_views(payment, before))
    save_fields(payment, ["status", "updated_on", *extra])
    copy_state_to_entries(payment)
    insert_rows(history)
    outbox.statuses_changed(payment, announced)


def add_operation(payment, op_type, rail, status=Operation.Status.PENDING) -> Operation:
    operation = Operation(payment=payment, type=op_type, rail=rail, status=status)
    insert_row(operation)
    return operation


def resolve_operation(
    operation: Operation, status: str, *, reference="", failure_code="", reason=""
) -> None:
    operation.status = status
    operation.occurred_on = timezone.now()
    if reference:
        operation.external_reference = reference
    operation.failure_code = failure_code or ""
    operation.failure_reason = (reason or "")[:512]
    save_fields(
        operation,
        ["status", "occurred_on", "external_reference", "failure_code", "failure_reason"],
    )


_OPEN_OPERATION = CompiledRead(
    lambda payment_id, op_type: Operation.objects.filter(
        payment_id=payment_id,
        type=op_type,
        status__in=(Operation.Status.RESERVED, Operation.Status.PENDING),
    ).order_by("-created_on", "-id")[:1],
    str,
    str,
)


def open_operation(payment: Payment, op_type: str) -> Operation | None:
    operation = _OPEN_OPERATION.first(payment.pk, str(op_type))
    if operation is not None:
        operation.payment = payment  # as read through `payment.operations`
    return operation


def credit_rail(provider_id: str | None) -> str:
    """How money reaches a party: a core credit at a provider whose ledger we call,
    otherwise a push to the party's card (OCT)."""
    if provider_id and ledger_selectors.find_registration(provider_id) is not None:
        return Operation.Rail.CORE_CREDIT
    return Operation.Rail.OCT


# ---- a new payment ---------------------------------------------------------------------


def record_new(payment, data, memo, initiator, source, phone, now, actor) -> None:
    """Fill in, insert and index a new payment, then ask the risk engine about it."""
    payment.amount_minor = data.amount_minor
    payment.currency = data.currency
    payment.memo = memo
    payment.created_on = payment.updated_on = now
    payment.initiator_provider_id = data.provider_id
    payment.initiator_enrollment = initiator
    payment.initiator_participant_id = initiator.participant_id
    payment.initiator_name = initiator.full_name
    payment.initiator_funding_source = source
    payment.counterparty_phone = phone
    _insert(payment)
    rewrite_entries(payment, new=True)
    record_event(payment, "create", "", payment.status, actor=actor, at=now)
    outbox.created(payment)
    _apply_verdict(payment, risk.assess(payment, device=data.device), actor)


def _insert(payment: Payment) -> None:
    """Insert with a fresh reference number, drawing another on the rare collision."""
    for _ in range(_REFERENCE_ATTEMPTS):
        payment.reference_number = new_reference_number()
        if insert_row_unless_taken(payment, ("reference_number",)):
            return
    raise IntegrityError(f"No free reference number in {_REFERENCE_ATTEMPTS} draws.")


def _apply_verdict(payment: Payment, verdict: risk.RiskVerdict, actor) -> None:
    if verdict.decision == "review":
        payment.refresh_from_db()  # the assessor opened a review: it set the hold and its ID
    payment.fraud_score = verdict.fraud_score
    fields = ["fraud_score"]
    if verdict.assessment_id and verdict.assessment_id not in payment.assessment_ids:
        payment.assessment_ids = [*payment.assessment_ids, verdict.assessment_id]
        fields.append("assessment_ids")
    save_fields(payment, fields)
    if verdict.decision == "review":
        copy_state_to_entries(payment)  # on hold now (a deny's move copies its own state)
    if verdict.decision == "deny":
        move(payment, "deny", reason=verdict.reason or "risk assessment", actor=actor)


# ---- ledger calls of a payout ----------------------------------------------------------


def send_authorize(payout: Payout, sender: Enrollment, source: FundingSource) -> None:
    """Ask the sender's ledger to place the hold (the caller recorded the operation)."""
    ledger_services.request_authorize(
        provider_id=payout.initiator_provider_id,
        payout_id=payout.id,
        external_id=sender.external_id,
        funding_source=source.provider_source_id,
        amount_minor=payout.amount_minor,
        currency=payout.currency,
        fraud_score=payout.fraud_score or 0.0,
        reply_to=LEDGER_REPLY_TO,
    )


def request_release(payout: Payout, reason: str) -> None:
    """Return the held funds; nothing to release when no hold was ever placed."""
    if not payout.hold_reference:
        return
    add_operation(payout, Operation.Type.RELEASE, Operation.Rail.CORE_HOLD)
    ledger_services.request_release(
        provider_id=payout.initiator_provider_id,
        payout_id=payout.id,
        hold_reference=payout.hold_reference,
        reason=reason,
        reply_to=LEDGER_REPLY_TO,
    )
