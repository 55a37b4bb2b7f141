"""Requests for payment: create one, the payer signs in and pays, the money moves step by
step (collect, disburse or wait, refund after a failure), decline and cancel.

Lock order: creating locks the requester's enrollment; the payer's writes lock the request
first, then the payer's enrollment; each step of `advance_request` locks the request alone,
one transaction per step.
"""

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from common.devices import Device
from common.errors import InvalidRequest
from common.ids import new_id
from participants.models import Enrollment
from payments import rails, risk
from payments.entries import rewrite_entries
from payments.errors import IllegalTransition
from payments.models import Operation, Payment, PaymentRequest, PaymentType, RequestStatus
from payments.services.checks import (
    check_active,
    check_amount,
    check_can_initiate,
    check_memo,
    default_source,
    funding_source,
    locked_enrollment,
    normalize_phone,
)
from payments.services.core import (
    add_operation,
    credit_rail,
    locked_payment,
    move,
    open_operation,
    record_new,
    resolve_operation,
)

logger = logging.getLogger(__name__)


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
        requester = locked_enrollment(data.provider_id, data.requester)
        check_can_initiate(requester)
        destination = default_source(requester)
        if destination is None:
            raise InvalidRequest("The requester has no active funding source to be paid into.")
        now = timezone.now()
        request = PaymentRequest(
            id=new_id("rq"),
            type=PaymentType.REQUEST,
            status=RequestStatus.CREATED,
            expires_on=now + timedelta(seconds=settings.REQUEST_EXPIRY_SECONDS),
        )
        record_new(request, data, memo, requester, destination, phone, now, actor)
    return PaymentRequest.objects.get(pk=request.pk)


def pay_request(*, request_id: str, **payment) -> PaymentRequest:
    """The payer signs in and pays: bind the payer, collect from its funding source (the one
    named, else its default), then disburse to the requester (or wait while the requester is
    suspended or held). The device it paid from, when the caller saw it, is recorded on the
    payer's risk assessment. `payment`: `start_payment`'s payer, funding source, device and
    actor."""
    start_payment(request_id=request_id, **payment)
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
    *,
    request_id: str,
    payer_provider_id: str,
    payer: str,
    funding_source_id: str | None = None,
    device: Device | None = None,
    actor: Actor | None = None,
) -> PaymentRequest:
    """Bind the payer if it has not signed in yet, and start the collection (→ paying)."""
    actor = actor or Actor.system()
    with transaction.atomic():
        request, payer_enrollment = _lock_for_payer(request_id, payer_provider_id, payer)
        # A named source is checked before anything changes; a retry after a failed
        # collection otherwise uses the payer's current default source.
        source = funding_source(payer_enrollment, funding_source_id) if funding_source_id else None
        if request.status == RequestStatus.CREATED:
            _bind_payer(request, payer_enrollment, actor, source=source)
        else:
            request.counterparty_funding_source = source or default_source(payer_enrollment)
            request.save(update_fields=["counterparty_funding_source"])
        if device is not None:
            risk.assess_payer(request, payer_enrollment, device)
        move(request, "pay", actor=actor)
        add_operation(request, Operation.Type.COLLECT, Operation.Rail.AFT)
    return request


def _lock_for_payer(request_id: str, payer_provider_id: str, payer: str, *, paying: bool = True):
    """The request and the payer's enrollment, locked. Signing in is open to a suspended
    payer (the contract leaves signing in unaffected); paying is not."""
    request = locked_payment(request_id, PaymentType.REQUEST)
    if timezone.now() >= request.expires_on:
        raise IllegalTransition("The request expired and can no longer be paid.")
    payer_enrollment = locked_enrollment(payer_provider_id, payer)
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


def _bind_payer(request: Payment, payer_enrollment: Enrollment, actor, source=None) -> None:
    request.counterparty_provider_id = payer_enrollment.provider_id
    request.counterparty_enrollment = payer_enrollment
    request.counterparty_participant_id = payer_enrollment.participant_id
    request.counterparty_name = payer_enrollment.full_name
    request.counterparty_funding_source = source or default_source(payer_enrollment)
    move(
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


def can_disburse(request: Payment) -> bool:
    """Money toward a suspended (or held) requester waits in `funded`."""
    return not request.initiator_enrollment.suspended and not request.hold_active


def _advance_once(request_id: str) -> bool:
    """One step; True when something moved and another step may follow."""
    with transaction.atomic():
        request = locked_payment(request_id, PaymentType.REQUEST)
        status = request.status
        if status == RequestStatus.PAYING:
            return _settle(request, Operation.Type.COLLECT, rails.collect, "fund", "collect_fail")
        if status == RequestStatus.FUNDED and can_disburse(request):
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
    operation = open_operation(request, op_type)
    if operation is None:
        logger.error("%s of %s has no open %s operation", request.status, request.id, op_type)
        return False
    result = rail_call(request, operation)
    if result.succeeded:
        resolve_operation(operation, Operation.Status.SUCCEEDED, reference=result.reference)
        extra = []
        if on_success == "fund":
            request.funded_on = timezone.now()
            extra = ["funded_on"]
        elif on_success == "complete":
            request.completed_on = timezone.now()
            extra = ["completed_on"]
        move(request, on_success, extra=extra)
    else:
        resolve_operation(operation, Operation.Status.FAILED, failure_code=result.failure_code)
        move(request, on_failure, reason=result.failure_code)
    return True


def start_disbursement(request: Payment) -> None:
    """funded → disbursing, on the rail chosen for the requester (caller holds the lock)."""
    move(request, "disburse")
    add_operation(request, Operation.Type.DISBURSE, credit_rail(request.initiator_provider_id))


def start_refund(request: Payment, *, reason: str) -> None:
    """funded / disbursement_failed → reversing (caller holds the lock)."""
    move(request, "refund", reason=reason)
    add_operation(request, Operation.Type.REFUND, credit_rail(request.counterparty_provider_id))


def decline_request(
    *,
    request_id: str,
    payer_provider_id: str | None = None,
    payer: str | None = None,
    actor: Actor | None = None,
) -> PaymentRequest:
    """The payer declines. Named (its provider and participant), a payer that has not signed
    in yet is bound first (created → authenticated → declined), so its provider sees the
    request it declined; unnamed (staff), the request is declined as it is."""
    if bool(payer_provider_id) != bool(payer):
        raise InvalidRequest("Give both the payer's provider and participant, or neither.")
    with transaction.atomic():
        if payer_provider_id:
            request, payer_enrollment = _lock_for_payer(
                request_id, payer_provider_id, payer, paying=False
            )
            if request.status == RequestStatus.CREATED:
                _bind_payer(request, payer_enrollment, actor)
        else:
            request = locked_payment(request_id, PaymentType.REQUEST)
        move(request, "decline", actor=actor)
    return request


def cancel_request(*, request_id: str, actor: Actor | None = None) -> PaymentRequest:
    with transaction.atomic():
        request = locked_payment(request_id, PaymentType.REQUEST)
        move(request, "cancel", actor=actor)
    return request
