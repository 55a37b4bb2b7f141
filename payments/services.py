"""Every write on payments: creation, the lifecycle engine, and the hooks reviews calls.

Each function owns its transaction and locks the payment row (`select_for_update`) before it
changes anything; statuses move only through `payments.transitions.next_status`. Ledger calls
are scheduled inside the transaction (the ledger client enqueues on commit), so nothing is
sent for a change that rolls back; their outcomes come back through `record_ledger_outcome`.
"""

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

import phonenumbers
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from common.actors import Actor
from common.devices import Device
from common.errors import InvalidRequest, NotFound
from common.ids import new_id
from common.money import MoneyError, get_currency
from ledger import selectors as ledger_selectors
from ledger import services as ledger_services
from limits import enforcement
from participants.models import Enrollment, FundingSource, Participant
from participants.selectors import get_enrollment
from payments import outbox, rails, risk
from payments.entries import copy_state_to_entries, rewrite_entries
from payments.errors import IllegalTransition, ParticipantNotActive, ParticipantSuspended
from payments.models import (
    EXPIRABLE_STATUSES,
    FundingAttempt,
    Operation,
    Payment,
    PaymentEvent,
    PaymentRequest,
    PaymentType,
    Payout,
    PayoutStatus,
    RequestStatus,
    new_reference_number,
)
from payments.transitions import allowed, next_status

logger = logging.getLogger(__name__)

# The Celery task the ledger client calls with each final outcome.
LEDGER_REPLY_TO = "payments.tasks.on_ledger_outcome"

# A sender's payouts that hold or moved money count toward send limits.
USAGE_STATUSES = (
    PayoutStatus.INITIATED,
    PayoutStatus.AUTHORIZED,
    PayoutStatus.ACCEPTED,
    PayoutStatus.CLAIMING,
    PayoutStatus.COMPLETED,
)
_REFERENCE_ATTEMPTS = 5
# How many authorizes a payout gets in all, the first included, when answers stay unknown.
RECONCILE_ATTEMPTS = 3


# ---- input checks ----------------------------------------------------------------------


def normalize_phone(value: str) -> str:
    """An E.164 number as given (`+` and digits), validated with libphonenumber."""
    try:
        parsed = phonenumbers.parse(value, None)
    except phonenumbers.NumberParseException:
        raise InvalidRequest("The phone number must be E.164, e.g. +14155550123.") from None
    formatted = phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)
    if formatted != value or not phonenumbers.is_possible_number(parsed):
        raise InvalidRequest("The phone number must be E.164, e.g. +14155550123.")
    return formatted


def check_amount(amount_minor: int, currency: str) -> None:
    """Positive, in a real currency, and in the platform currency (see docs/decisions.md)."""
    try:
        get_currency(currency)
    except MoneyError as exc:
        raise InvalidRequest(f"currency {exc}.") from None
    if currency != settings.PLATFORM_CURRENCY:
        raise InvalidRequest(
            f"Payments are made in {settings.PLATFORM_CURRENCY}; {currency} is not supported."
        )
    if amount_minor <= 0:
        raise InvalidRequest("The amount must be greater than zero.")


def check_memo(memo: str) -> str:
    memo = (memo or "").strip()
    if len(memo) > Payment._meta.get_field("memo").max_length:
        raise InvalidRequest("The memo must be at most 255 characters.")
    return memo


def check_can_initiate(enrollment: Enrollment) -> None:
    """A suspended relationship cannot send payouts or create requests; nor can a
    participant that is not active."""
    if enrollment.suspended:
        raise ParticipantSuspended(
            "The provider has suspended this participant; it cannot send or request money."
        )
    check_active(enrollment)


def check_active(enrollment: Enrollment) -> None:
    """Only an active participant takes part in a payment (a suspension is checked apart:
    it stops sending, not signing in)."""
    if enrollment.participant.status != Participant.Status.ACTIVE:
        raise ParticipantNotActive(
            f"The participant is {enrollment.participant.status}; only active participants "
            "can send or request money."
        )


def _locked_enrollment(provider_id: str, participant_ref: str) -> Enrollment:
    found = get_enrollment(provider_id, participant_ref)
    return (
        Enrollment.objects.select_for_update(of=("self",))
        .select_related("participant")
        .get(pk=found.pk)
    )


def _default_source(enrollment: Enrollment) -> FundingSource | None:
    return (
        FundingSource.objects.filter(enrollment=enrollment, disabled_on__isnull=True)
        .order_by("-created_on", "-id")
        .first()
    )


def _source(enrollment: Enrollment, funding_source_id: str | None) -> FundingSource:
    if funding_source_id:
        source = FundingSource.objects.filter(
            enrollment=enrollment, pk=funding_source_id, disabled_on__isnull=True
        ).first()
        if source is None:
            raise NotFound("No active funding source with that ID belongs to the participant.")
        return source
    source = _default_source(enrollment)
    if source is None:
        raise InvalidRequest("The participant has no active funding source.")
    return source


# ---- send limits -----------------------------------------------------------------------


def send_usage(enrollment: Enrollment, at: datetime):
    """What the participant already sent through this provider in each limit window."""
    windows = enforcement.usage_windows(at)
    start = min(windows.day_start, windows.week_start, windows.month_start)
    day = Q(created_on__gte=windows.day_start)
    totals = Payout.objects.filter(
        initiator_enrollment=enrollment,
        currency=settings.PLATFORM_CURRENCY,
        status__in=USAGE_STATUSES,
        created_on__gte=start,
        created_on__lte=at,
    ).aggregate(
        daily=Sum("amount_minor", filter=day),
        weekly=Sum("amount_minor", filter=Q(created_on__gte=windows.week_start)),
        monthly=Sum("amount_minor", filter=Q(created_on__gte=windows.month_start)),
        count=Count("id", filter=day),
    )
    return enforcement.SendUsage(
        daily_amount_minor=totals["daily"] or 0,
        weekly_amount_minor=totals["weekly"] or 0,
        monthly_amount_minor=totals["monthly"] or 0,
        daily_count=totals["count"] or 0,
    )


# ---- the engine's primitives -----------------------------------------------------------


def _locked(payment_id: str, payment_type: str | None = None) -> Payment:
    queryset = Payment.objects.select_for_update(of=("self",)).select_related(
        "initiator_enrollment",
        "counterparty_enrollment",
        "initiator_funding_source",
        "counterparty_funding_source",
    )
    if payment_type:
        queryset = queryset.filter(type=payment_type)
    payment = queryset.filter(pk=payment_id).first()
    if payment is None:
        noun = {PaymentType.PAYOUT: "payout", PaymentType.REQUEST: "request"}.get(
            payment_type, "payment"
        )
        raise NotFound(f"No {noun} with ID {payment_id}.")
    return payment.typed()


def _event(payment, trigger, from_status, to_status, *, reason="", actor=None, at=None):
    event = PaymentEvent(
        payment=payment,
        trigger=trigger,
        from_status=from_status,
        to_status=to_status,
        reason=(reason or "")[:512],
        occurred_on=at or timezone.now(),
    )
    event.set_actor(actor or Actor.system())
    event.save()


def _move(payment: Payment, trigger: str, *, reason: str = "", actor=None, extra=()) -> None:
    """Apply one transition of the table, save it, keep the entries in step, record it."""
    before = payment.status
    payment.status = next_status(payment.type, trigger, before)
    payment.updated_on = timezone.now()
    payment.save(update_fields=["status", "updated_on", *extra])
    copy_state_to_entries(payment)
    _event(payment, trigger, before, payment.status, reason=reason, actor=actor)
    outbox.status_changed(payment, before)


def _operation(payment, op_type, rail, status=Operation.Status.PENDING) -> Operation:
    return Operation.objects.create(payment=payment, type=op_type, rail=rail, status=status)


def _resolve(operation: Operation, status: str, *, reference="", failure_code="", reason=""):
    operation.status = status
    operation.occurred_on = timezone.now()
    if reference:
        operation.external_reference = reference
    operation.failure_code = failure_code or ""
    operation.failure_reason = (reason or "")[:512]
    operation.save(
        update_fields=[
            "status",
            "occurred_on",
            "external_reference",
            "failure_code",
            "failure_reason",
        ]
    )


def _open_operation(payment: Payment, op_type: str) -> Operation | None:
    return (
        payment.operations.filter(
            type=op_type, status__in=(Operation.Status.RESERVED, Operation.Status.PENDING)
        )
        .order_by("-created_on", "-id")
        .first()
    )


def _record_new(payment, data, memo, initiator, source, phone, now, actor) -> None:
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
    rewrite_entries(payment)
    _event(payment, "create", "", payment.status, actor=actor, at=now)
    outbox.created(payment)
    _apply_verdict(payment, risk.assess(payment, device=data.device), actor)


def _insert(payment: Payment) -> None:
    """Insert with a fresh reference number, retrying the rare collision."""
    for attempt in range(_REFERENCE_ATTEMPTS):
        payment.reference_number = new_reference_number()
        try:
            with transaction.atomic():
                payment.save(force_insert=True)
            return
        except IntegrityError:
            if attempt == _REFERENCE_ATTEMPTS - 1:
                raise


def credit_rail(provider_id: str | None) -> str:
    """How money reaches a party: a core credit at a provider whose ledger we call,
    otherwise a push to the party's card (OCT)."""
    if provider_id and ledger_selectors.find_registration(provider_id) is not None:
        return Operation.Rail.CORE_CREDIT
    return Operation.Rail.OCT


def _apply_verdict(payment: Payment, verdict: risk.RiskVerdict, actor) -> None:
    payment.refresh_from_db()  # the assessor may have set the hold or attached reviews
    payment.fraud_score = verdict.fraud_score
    fields = ["fraud_score"]
    if verdict.assessment_id and verdict.assessment_id not in payment.assessment_ids:
        payment.assessment_ids = [*payment.assessment_ids, verdict.assessment_id]
        fields.append("assessment_ids")
    payment.save(update_fields=fields)
    copy_state_to_entries(payment)
    if verdict.decision == "deny":
        _move(payment, "deny", reason=verdict.reason or "risk assessment", actor=actor)


# ---- payouts ---------------------------------------------------------------------------


@dataclass(frozen=True)
class NewPayout:
    provider_id: str
    sender: str  # participantID or externalID at the provider
    recipient_phone: str  # E.164
    amount_minor: int
    currency: str
    memo: str = ""
    funding_source_id: str | None = None
    device: Device | None = None  # what the sender used, when the caller saw it


def create_payout(*, data: NewPayout, actor: Actor | None = None) -> Payout:
    """Check suspension and send limits under a lock on the sender's enrollment, record the
    payout, ask the risk engine, and ask the provider's ledger to place the hold."""
    actor = actor or Actor.system()
    phone = normalize_phone(data.recipient_phone)
    check_amount(data.amount_minor, data.currency)
    memo = check_memo(data.memo)
    with transaction.atomic():
        # The row lock serialises this sender's payouts: two cannot both squeeze under a limit.
        sender = _locked_enrollment(data.provider_id, data.sender)
        check_can_initiate(sender)
        source = _source(sender, data.funding_source_id)
        now = timezone.now()
        enforcement.check_send_limits(
            participant_id=sender.participant_id,
            provider_id=data.provider_id,
            amount_minor=data.amount_minor,
            currency=data.currency,
            usage=send_usage(sender, now),
            at=now,
        )
        payout = Payout(
            id=new_id("po"),
            type=PaymentType.PAYOUT,
            status=PayoutStatus.INITIATED,
            expires_on=now + timedelta(seconds=settings.PAYOUT_EXPIRY_SECONDS),
        )
        _record_new(payout, data, memo, sender, source, phone, now, actor)
        if payout.status == PayoutStatus.INITIATED:
            _request_authorize(payout, sender, source)
    return Payout.objects.get(pk=payout.pk)


def _request_authorize(payout: Payout, sender: Enrollment, source: FundingSource) -> None:
    _operation(payout, Operation.Type.AUTHORIZE, Operation.Rail.CORE_HOLD)
    FundingAttempt.objects.create(
        payment=payout,
        funding_type=FundingAttempt.FundingType.CORE_LEDGER,
        status=FundingAttempt.Status.PENDING,
    )
    _send_authorize(payout, sender, source)


def _send_authorize(payout: Payout, sender: Enrollment, source: FundingSource) -> None:
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


def _request_release(payout: Payout, reason: str) -> None:
    """Return the held funds; nothing to release when no hold was ever placed."""
    if not payout.hold_reference:
        return
    _operation(payout, Operation.Type.RELEASE, Operation.Rail.CORE_HOLD)
    ledger_services.request_release(
        provider_id=payout.initiator_provider_id,
        payout_id=payout.id,
        hold_reference=payout.hold_reference,
        reason=reason,
        reply_to=LEDGER_REPLY_TO,
    )


def claim_payout(
    *,
    payout_id: str,
    recipient_provider_id: str | None = None,
    recipient: str | None = None,
    recipient_name: str = "",
    actor: Actor | None = None,
) -> Payout:
    """The recipient claims: bind it (when it is a participant), then capture the hold and
    reserve the disbursement on the rail chosen for the recipient."""
    if bool(recipient_provider_id) != bool(recipient):
        raise InvalidRequest("Give both the recipient's provider and participant, or neither.")
    actor = actor or Actor.system()
    recipient_name = (recipient_name or "").strip()[:511]
    with transaction.atomic():
        payout = _locked(payout_id, PaymentType.PAYOUT)
        if payout.hold_active and payout.review_ids:
            # Say what blocks it: the pending payment review(s), not only the status.
            raise IllegalTransition(
                "The payout is on hold while a payment review is pending "
                f"({', '.join(payout.review_ids)}): it can be claimed once that review is "
                "approved."
            )
        next_status(payout.type, "claim", payout.status)  # refuse early, before any binding
        now = timezone.now()
        if now >= payout.expires_on:
            raise IllegalTransition("The payout expired and can no longer be claimed.")
        fields = ["claimed_on"]
        if recipient_provider_id:
            enrollment = get_enrollment(recipient_provider_id, recipient)
            if enrollment.participant_id == payout.initiator_participant_id:
                raise InvalidRequest("A payout cannot be claimed by its sender.")
            payout.counterparty_provider_id = recipient_provider_id
            payout.counterparty_enrollment = enrollment
            payout.counterparty_participant_id = enrollment.participant_id
            payout.counterparty_funding_source = _default_source(enrollment)
            recipient_name = recipient_name or enrollment.full_name
            fields += [
                "counterparty_provider",
                "counterparty_enrollment",
                "counterparty_participant_id",
                "counterparty_funding_source",
            ]
        payout.counterparty_name = recipient_name
        payout.claimed_on = now
        _move(payout, "claim", actor=actor, extra=[*fields, "counterparty_name"])
        rewrite_entries(payout)
        _operation(payout, Operation.Type.CAPTURE, Operation.Rail.CORE_HOLD)
        _operation(
            payout,
            Operation.Type.DISBURSE,
            credit_rail(recipient_provider_id),
            status=Operation.Status.RESERVED,
        )
        ledger_services.request_capture(
            provider_id=payout.initiator_provider_id,
            payout_id=payout.id,
            hold_reference=payout.hold_reference,
            amount_minor=payout.amount_minor,
            currency=payout.currency,
            reply_to=LEDGER_REPLY_TO,
        )
    return Payout.objects.get(pk=payout.pk)


def cancel_payout(*, payout_id: str, reason: str, actor: Actor) -> None:
    """authorized / accepted → cancelled, releasing the hold; illegal from any other status."""
    with transaction.atomic():
        payout = _locked(payout_id, PaymentType.PAYOUT)
        _move(payout, "cancel", reason=reason, actor=actor)
        _request_release(payout, "cancelled")


# ---- ledger outcomes -------------------------------------------------------------------

# Our answer when the ledger gave no trustworthy one: did the provider act or not?
_DEFINITE_ERRORS = ("ledger_rejected", "ledger_not_configured")


def _unsettled_status(outcome: dict) -> str:
    if outcome["outcome"] in ("denied", "failed"):
        return Operation.Status.FAILED
    if outcome["outcome"] == "error" and outcome.get("failureCode") in _DEFINITE_ERRORS:
        return Operation.Status.FAILED
    return Operation.Status.UNKNOWN


def record_ledger_outcome(outcome: dict) -> Payout | None:
    """Apply one final ledger answer. Idempotent: a redelivered outcome finds its operation
    already resolved and changes nothing."""
    op_type = {
        "authorize": Operation.Type.AUTHORIZE,
        "capture": Operation.Type.CAPTURE,
        "release": Operation.Type.RELEASE,
    }.get(outcome.get("endpoint"))
    if op_type is None:
        logger.error("Ledger outcome for an unknown endpoint: %r", outcome)
        return None
    with transaction.atomic():
        payout = (
            Payout.objects.select_for_update(of=("self",))
            .filter(pk=outcome.get("payoutID"))
            .first()
        )
        if payout is None:
            logger.error("Ledger outcome for an unknown payout: %r", outcome)
            return None
        operation = _open_operation(payout, op_type)
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
    attempt = payout.funding_attempts.filter(status=FundingAttempt.Status.PENDING).last()
    if outcome["outcome"] == "approved":
        _resolve(operation, Operation.Status.SUCCEEDED, reference=outcome.get("reference") or "")
        if attempt:
            attempt.status = FundingAttempt.Status.APPROVED
            attempt.updated_on = timezone.now()
            attempt.save(update_fields=["status", "updated_on"])
        payout.hold_reference = outcome.get("reference") or ""
        _move(payout, "authorize", extra=["hold_reference"])
        if payout.cancel_on_authorize:
            _move(payout, "cancel", reason=payout.cancel_on_authorize)
            _request_release(payout, "cancelled")
        elif not payout.hold_active:
            _move(payout, "accept")
        return
    denied = outcome["outcome"] == "denied"
    code, reason = _failure(outcome, "ledger_denied" if denied else "ledger_unknown_outcome")
    _resolve(operation, _unsettled_status(outcome), failure_code=code, reason=reason)
    if attempt:
        attempt.status = FundingAttempt.Status.DENIED if denied else FundingAttempt.Status.FAILED
        attempt.updated_on = timezone.now()
        attempt.save(update_fields=["status", "updated_on"])
    _move(payout, "authorize_denied" if denied else "authorize_failed", reason=reason or code)


def _reconciled_authorize_outcome(payout: Payout, operation: Operation, outcome: dict) -> None:
    """The answer to a re-sent authorize of a payout that already failed: a hold found now
    (placed while the first answer was lost) is released at once; the payout stays failed."""
    if outcome["outcome"] == "approved":
        _resolve(operation, Operation.Status.SUCCEEDED, reference=outcome.get("reference") or "")
        payout.hold_reference = outcome.get("reference") or ""
        payout.save(update_fields=["hold_reference"])
        _event(payout, "reconcile", payout.status, payout.status, reason="hold found; released")
        _request_release(payout, "failed")
        return
    code, reason = _failure(outcome, "ledger_unknown_outcome")
    _resolve(operation, _unsettled_status(outcome), failure_code=code, reason=reason)


def _capture_outcome(payout: Payout, operation: Operation, outcome: dict) -> None:
    disbursement = _open_operation(payout, Operation.Type.DISBURSE)
    if outcome["outcome"] == "approved":
        reference = outcome.get("reference") or ""
        _resolve(operation, Operation.Status.SUCCEEDED, reference=reference)
        attempt = payout.funding_attempts.filter(status=FundingAttempt.Status.APPROVED).last()
        if attempt and reference:
            attempt.reference = reference
            attempt.updated_on = timezone.now()
            attempt.save(update_fields=["reference", "updated_on"])
        if disbursement:
            result = rails.disburse(payout, disbursement)
            _resolve(
                disbursement,
                Operation.Status.SUCCEEDED if result.succeeded else Operation.Status.FAILED,
                reference=result.reference,
                failure_code=result.failure_code,
            )
        payout.completed_on = timezone.now()
        _move(payout, "settle", extra=["completed_on"])
        return
    code, reason = _failure(outcome, "ledger_unknown_outcome")
    _resolve(operation, _unsettled_status(outcome), failure_code=code, reason=reason)
    if disbursement:
        _resolve(disbursement, Operation.Status.FAILED, failure_code="capture_failed")
    _move(payout, "payout_fail", reason=reason or code)
    _request_release(payout, "payout_failed")


def _release_outcome(payout: Payout, operation: Operation, outcome: dict) -> None:
    if outcome["outcome"] == "approved":
        _resolve(operation, Operation.Status.SUCCEEDED, reference=outcome.get("reference") or "")
        return
    code, reason = _failure(outcome, "ledger_unknown_outcome")
    _resolve(operation, _unsettled_status(outcome), failure_code=code, reason=reason)
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
            payout = _locked(payout_id, PaymentType.PAYOUT)
            authorizes = list(payout.operations.filter(type=Operation.Type.AUTHORIZE))
            latest = max(authorizes, key=lambda op: (op.created_on, op.id))
            if latest.status != Operation.Status.UNKNOWN or len(authorizes) >= RECONCILE_ATTEMPTS:
                continue
            _operation(payout, Operation.Type.AUTHORIZE, Operation.Rail.CORE_HOLD)
            _send_authorize(payout, payout.initiator_enrollment, payout.initiator_funding_source)
            asked.append(payout)
    return asked


# ---- requests --------------------------------------------------------------------------


@dataclass(frozen=True)
class NewRequest:
    provider_id: str
    requester: str  # participantID or externalID at the provider
    payer_phone: str  # E.164
    amount_minor: int
    currency: str
    memo: str = ""
    device: Device | None = None  # what the requester used, when the caller saw it


def create_request(*, data: NewRequest, actor: Actor | None = None) -> PaymentRequest:
    """Record a request for payment into the requester's active funding source."""
    actor = actor or Actor.system()
    phone = normalize_phone(data.payer_phone)
    check_amount(data.amount_minor, data.currency)
    memo = check_memo(data.memo)
    with transaction.atomic():
        requester = _locked_enrollment(data.provider_id, data.requester)
        check_can_initiate(requester)
        destination = _default_source(requester)
        if destination is None:
            raise InvalidRequest("The requester has no active funding source to be paid into.")
        now = timezone.now()
        request = PaymentRequest(
            id=new_id("rq"),
            type=PaymentType.REQUEST,
            status=RequestStatus.CREATED,
            expires_on=now + timedelta(seconds=settings.REQUEST_EXPIRY_SECONDS),
        )
        _record_new(request, data, memo, requester, destination, phone, now, actor)
    return PaymentRequest.objects.get(pk=request.pk)


def pay_request(
    *, request_id: str, payer_provider_id: str, payer: str, actor: Actor | None = None
) -> PaymentRequest:
    """The payer signs in and pays: bind the payer, collect from its funding source, then
    disburse to the requester (or wait while the requester is suspended or held)."""
    start_payment(
        request_id=request_id, payer_provider_id=payer_provider_id, payer=payer, actor=actor
    )
    return advance_request(request_id=request_id)


def authenticate_payer(
    *, request_id: str, payer_provider_id: str, payer: str, actor: Actor | None = None
) -> PaymentRequest:
    """The payer signs in to pay: bind it (created → authenticated). Once bound, the payer's
    provider sees the request."""
    with transaction.atomic():
        request, payer_enrollment = _lock_for_payer(
            request_id, payer_provider_id, payer, paying=False
        )
        _bind_payer(request, payer_enrollment, actor)
    return request


def start_payment(
    *, request_id: str, payer_provider_id: str, payer: str, actor: Actor | None = None
) -> PaymentRequest:
    """Bind the payer if it has not signed in yet, and start the collection (→ paying)."""
    actor = actor or Actor.system()
    with transaction.atomic():
        request, payer_enrollment = _lock_for_payer(request_id, payer_provider_id, payer)
        if request.status == RequestStatus.CREATED:
            _bind_payer(request, payer_enrollment, actor)
        else:
            # A retry after a failed collection uses the payer's current default source.
            request.counterparty_funding_source = _default_source(payer_enrollment)
            request.save(update_fields=["counterparty_funding_source"])
        _move(request, "pay", actor=actor)
        _operation(request, Operation.Type.COLLECT, Operation.Rail.AFT)
    return request


def _lock_for_payer(request_id: str, payer_provider_id: str, payer: str, *, paying: bool = True):
    """The request and the payer's enrollment, locked. Signing in is open to a suspended
    payer (the contract leaves signing in unaffected); paying is not."""
    request = _locked(request_id, PaymentType.REQUEST)
    if timezone.now() >= request.expires_on:
        raise IllegalTransition("The request expired and can no longer be paid.")
    payer_enrollment = _locked_enrollment(payer_provider_id, payer)
    if payer_enrollment.participant_id == request.initiator_participant_id:
        raise InvalidRequest("A request cannot be paid by its requester.")
    if paying:
        check_can_initiate(payer_enrollment)
    else:
        check_active(payer_enrollment)
    bound = request.counterparty_participant_id
    if bound and bound != payer_enrollment.participant_id:
        raise IllegalTransition("Another payer is already paying this request.")
    return request, payer_enrollment


def _bind_payer(request: Payment, payer_enrollment: Enrollment, actor) -> None:
    request.counterparty_provider_id = payer_enrollment.provider_id
    request.counterparty_enrollment = payer_enrollment
    request.counterparty_participant_id = payer_enrollment.participant_id
    request.counterparty_name = payer_enrollment.full_name
    request.counterparty_funding_source = _default_source(payer_enrollment)
    _move(
        request,
        "authenticate",
        actor=actor,
        extra=[
            "counterparty_provider",
            "counterparty_enrollment",
            "counterparty_participant_id",
            "counterparty_name",
            "counterparty_funding_source",
        ],
    )
    rewrite_entries(request)


def advance_request(*, request_id: str, max_steps: int | None = None) -> PaymentRequest:
    """Drive a request's money movements as far as they can go now (or `max_steps` of
    them), one step per transaction: collection → disbursement (unless waiting) → refund
    after a failure."""
    steps = 0
    while (max_steps is None or steps < max_steps) and _advance_once(request_id):
        steps += 1
    return PaymentRequest.objects.get(pk=request_id)


def _can_disburse(request: Payment) -> bool:
    """Money toward a suspended (or held) requester waits in `funded`."""
    return not request.initiator_enrollment.suspended and not request.hold_active


def _advance_once(request_id: str) -> bool:
    """One step; True when something moved and another step may follow."""
    with transaction.atomic():
        request = _locked(request_id, PaymentType.REQUEST)
        status = request.status
        if status == RequestStatus.PAYING:
            return _settle(request, Operation.Type.COLLECT, rails.collect, "fund", "collect_fail")
        if status == RequestStatus.FUNDED and _can_disburse(request):
            start_disbursement(request)
            return True
        if status == RequestStatus.DISBURSING:
            return _settle(
                request, Operation.Type.DISBURSE, rails.disburse, "complete", "disburse_fail"
            )
        if status == RequestStatus.DISBURSEMENT_FAILED:
            start_refund(request, reason="disbursement failed")
            return True
        if status == RequestStatus.REVERSING:
            return _settle(request, Operation.Type.REFUND, rails.refund, "reverse", "reverse_fail")
    return False


def _settle(request, op_type, rail_call, on_success: str, on_failure: str) -> bool:
    operation = _open_operation(request, op_type)
    if operation is None:
        logger.error("%s of %s has no open %s operation", request.status, request.id, op_type)
        return False
    result = rail_call(request, operation)
    if result.succeeded:
        _resolve(operation, Operation.Status.SUCCEEDED, reference=result.reference)
        extra = []
        if on_success == "fund":
            request.funded_on = timezone.now()
            extra = ["funded_on"]
        elif on_success == "complete":
            request.completed_on = timezone.now()
            extra = ["completed_on"]
        _move(request, on_success, extra=extra)
    else:
        _resolve(operation, Operation.Status.FAILED, failure_code=result.failure_code)
        _move(request, on_failure, reason=result.failure_code)
    return True


def start_disbursement(request: Payment) -> None:
    """funded → disbursing, on the rail chosen for the requester (caller holds the lock)."""
    _move(request, "disburse")
    _operation(request, Operation.Type.DISBURSE, credit_rail(request.initiator_provider_id))


def start_refund(request: Payment, *, reason: str) -> None:
    """funded / disbursement_failed → reversing (caller holds the lock)."""
    _move(request, "refund", reason=reason)
    _operation(request, Operation.Type.REFUND, credit_rail(request.counterparty_provider_id))


def decline_request(*, request_id: str, actor: Actor | None = None) -> PaymentRequest:
    with transaction.atomic():
        request = _locked(request_id, PaymentType.REQUEST)
        _move(request, "decline", actor=actor)
    return request


def cancel_request(*, request_id: str, actor: Actor | None = None) -> PaymentRequest:
    with transaction.atomic():
        request = _locked(request_id, PaymentType.REQUEST)
        _move(request, "cancel", actor=actor)
    return request


# ---- sweeps (beat) ---------------------------------------------------------------------


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
        payment = _locked(payment_id)
        if payment.expires_on > now or payment.status not in EXPIRABLE_STATUSES:
            return None  # changed since the sweep listed it
        if payment.is_payout:
            _move(payment, "expire", reason="not claimed before expiresOn")
            _request_release(payment, "expired")
            return payment
        if payment.status != RequestStatus.FUNDED:
            _move(payment, "expire", reason="not paid before expiresOn")
            return payment
        if _can_disburse(payment):
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


# ---- hooks the reviews app calls (interfaces: payments) ---------------------------------


def lock_payment(*, payment_id: str) -> Payment:
    """Lock the payment's row for the caller's transaction (reviews of one payout serialise
    on it)."""
    return _locked(payment_id)


def attach_assessment(*, payment_id: str, assessment_id: str) -> None:
    with transaction.atomic():
        payment = _locked(payment_id)
        if assessment_id not in payment.assessment_ids:
            payment.assessment_ids = [*payment.assessment_ids, assessment_id]
            payment.save(update_fields=["assessment_ids"])


def attach_review(*, payout_id: str, review_id: str) -> None:
    with transaction.atomic():
        payout = _locked(payout_id, PaymentType.PAYOUT)
        if review_id not in payout.review_ids:
            payout.review_ids = [*payout.review_ids, review_id]
            payout.save(update_fields=["review_ids"])


def cancel_rejected_payout(*, payout_id: str, reason: str, actor: Actor) -> Payout:
    """A payout whose last pending review was rejected: a cancellable one (authorized or
    accepted) is cancelled and its hold released; one still waiting for the ledger's authorize
    answer is cancelled as soon as the hold is placed. Any other status is left alone (already
    final: a pending review keeps a payout from being claimed)."""
    with transaction.atomic():
        payout = _locked(payout_id, PaymentType.PAYOUT)
        if allowed(payout.type, "cancel", payout.status):
            _move(payout, "cancel", reason=reason, actor=actor)
            _request_release(payout, "cancelled")
        elif payout.status == PayoutStatus.INITIATED:
            payout.cancel_on_authorize = reason[:255] or "rejected in review"
            payout.save(update_fields=["cancel_on_authorize"])
    return payout


def set_hold(*, payment_id: str, active: bool, expires_on: datetime | None) -> None:
    """Keep the hold in step with the blocking reviews. Lifting it lets an authorized payout
    (hold placed) become claimable; placing it takes an accepted payout back to authorized."""
    with transaction.atomic():
        payment = _locked(payment_id)
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
                _move(payment, "hold", reason="a blocking review is open")
            elif (
                not active and payment.status == PayoutStatus.AUTHORIZED and payment.hold_reference
            ):
                _move(payment, "accept", reason="no blocking review left")
        waiting = payment.is_request and payment.status == RequestStatus.FUNDED and not active
    if waiting:
        advance_request(request_id=payment_id)
