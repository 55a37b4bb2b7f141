"""Payouts: create one (checks, send limits, risk, the ledger's hold), claim it, cancel it.

Lock order: creating locks the sender's enrollment (two payouts of one sender cannot both
squeeze under a limit); claiming and cancelling lock the payout only.
"""

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from common.devices import Device
from common.errors import InvalidRequest
from common.ids import new_id
from common.statements import CompiledRead, insert_row
from ledger import services as ledger_services
from limits import enforcement
from participants.models import Enrollment, FundingSource
from participants.selectors import get_enrollment
from payments.entries import rewrite_entries
from payments.errors import IllegalTransition
from payments.models import FundingAttempt, Operation, PaymentType, Payout, PayoutStatus
from payments.selectors import send_usage
from payments.services.checks import (
    check_amount,
    check_can_initiate,
    check_memo,
    default_source,
    funding_source,
    locked_enrollment,
    normalize_phone,
)
from payments.services.core import (
    LEDGER_REPLY_TO,
    add_operation,
    credit_rail,
    locked_payment,
    move,
    record_new,
    request_release,
    send_authorize,
)
from payments.transitions import next_status


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
        sender = locked_enrollment(data.provider_id, data.sender)
        check_can_initiate(sender)
        source = funding_source(sender, data.funding_source_id)
        now = timezone.now()
        enforcement.check_send_limits(
            participant_id=sender.participant_id,
            provider_id=data.provider_id,
            amount_minor=data.amount_minor,
            currency=data.currency,
            usage=send_usage(sender, now),
            at=now,
            enrollment=sender,
        )
        payout = Payout(
            id=new_id("po"),
            type=PaymentType.PAYOUT,
            status=PayoutStatus.INITIATED,
            expires_on=now + timedelta(seconds=settings.PAYOUT_EXPIRY_SECONDS),
        )
        record_new(payout, data, memo, sender, source, phone, now, actor)
        if payout.status == PayoutStatus.INITIATED:
            _request_authorize(payout, sender, source)
    # As read back after the commit, whatever the task mode: without a broker the commit's
    # hooks ran the authorize and may have moved it on; with one, a worker may have already.
    return _PAYOUT.get(payout.pk)


_PAYOUT = CompiledRead(lambda payout_id: Payout.objects.filter(pk=payout_id), str)


def _request_authorize(payout: Payout, sender: Enrollment, source: FundingSource) -> None:
    add_operation(payout, Operation.Type.AUTHORIZE, Operation.Rail.CORE_HOLD)
    insert_row(
        FundingAttempt(
            payment=payout,
            funding_type=FundingAttempt.FundingType.CORE_LEDGER,
            status=FundingAttempt.Status.PENDING,
        )
    )
    send_authorize(payout, sender, source)


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
        payout = locked_payment(payout_id, PaymentType.PAYOUT)
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
            payout.counterparty_funding_source = default_source(enrollment)
            recipient_name = recipient_name or enrollment.full_name
            fields += [
                "counterparty_provider",
                "counterparty_enrollment",
                "counterparty_participant_id",
                "counterparty_funding_source",
            ]
        payout.counterparty_name = recipient_name
        payout.claimed_on = now
        move(payout, "claim", actor=actor, extra=[*fields, "counterparty_name"])
        rewrite_entries(payout)
        add_operation(payout, Operation.Type.CAPTURE, Operation.Rail.CORE_HOLD)
        add_operation(
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
        payout = locked_payment(payout_id, PaymentType.PAYOUT)
        move(payout, "cancel", reason=reason, actor=actor)
        request_release(payout, "cancelled")
