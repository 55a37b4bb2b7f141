"""Every status transition of payouts and requests, in one declared table.

The contract lists the states and leaves the transitions to us; this table is the whole
answer. `next_status` is the only way a service moves a payment: a trigger from a status the
table does not list raises `IllegalTransition` (problem `state-conflict`).
"""

from dataclasses import dataclass

from payments.errors import IllegalTransition
from payments.models import PaymentType
from payments.models import PayoutStatus as PO
from payments.models import RequestStatus as RQ


@dataclass(frozen=True)
class Transition:
    type: str
    trigger: str
    sources: tuple[str, ...]
    target: str
    why: str


PAYOUT, REQUEST = PaymentType.PAYOUT, PaymentType.REQUEST

TRANSITIONS: tuple[Transition, ...] = (
    # ---- payouts ----------------------------------------------------------------------
    Transition(PAYOUT, "deny", (PO.INITIATED,), PO.DENIED, "the risk assessment denied it"),
    Transition(PAYOUT, "authorize", (PO.INITIATED,), PO.AUTHORIZED, "the ledger placed the hold"),
    Transition(PAYOUT, "authorize_denied", (PO.INITIATED,), PO.DENIED, "the ledger declined"),
    Transition(
        PAYOUT, "authorize_failed", (PO.INITIATED,), PO.FAILED, "no trustworthy ledger answer"
    ),
    Transition(PAYOUT, "accept", (PO.AUTHORIZED,), PO.ACCEPTED, "no blocking review: claimable"),
    Transition(PAYOUT, "hold", (PO.ACCEPTED,), PO.AUTHORIZED, "a blocking review opened"),
    Transition(PAYOUT, "claim", (PO.ACCEPTED,), PO.CLAIMING, "the recipient claimed it"),
    Transition(PAYOUT, "settle", (PO.CLAIMING,), PO.COMPLETED, "capture and disburse succeeded"),
    Transition(
        PAYOUT, "payout_fail", (PO.CLAIMING,), PO.PAYOUT_FAILED, "capture failed; hold released"
    ),
    Transition(
        PAYOUT, "cancel", (PO.AUTHORIZED, PO.ACCEPTED), PO.CANCELLED, "cancelled; hold released"
    ),
    Transition(
        PAYOUT, "expire", (PO.AUTHORIZED, PO.ACCEPTED), PO.EXPIRED, "unclaimed; hold released"
    ),
    # ---- requests ---------------------------------------------------------------------
    Transition(REQUEST, "deny", (RQ.CREATED,), RQ.DENIED, "the risk assessment denied it"),
    Transition(
        REQUEST, "authenticate", (RQ.CREATED,), RQ.AUTHENTICATED, "the payer signed in to pay"
    ),
    Transition(
        REQUEST, "decline", (RQ.CREATED, RQ.AUTHENTICATED), RQ.DECLINED, "the payer declined"
    ),
    Transition(
        REQUEST, "cancel", (RQ.CREATED, RQ.AUTHENTICATED), RQ.CANCELLED, "the requester cancelled"
    ),
    Transition(
        REQUEST, "expire", (RQ.CREATED, RQ.AUTHENTICATED), RQ.EXPIRED, "not paid before expiresOn"
    ),
    Transition(REQUEST, "pay", (RQ.AUTHENTICATED,), RQ.PAYING, "collection from the payer began"),
    Transition(REQUEST, "fund", (RQ.PAYING,), RQ.FUNDED, "the collection succeeded"),
    Transition(
        REQUEST, "collect_fail", (RQ.PAYING,), RQ.AUTHENTICATED, "the collection failed; retry"
    ),
    Transition(REQUEST, "disburse", (RQ.FUNDED,), RQ.DISBURSING, "paying out to the requester"),
    Transition(REQUEST, "complete", (RQ.DISBURSING,), RQ.COMPLETED, "the disbursement settled"),
    Transition(
        REQUEST,
        "disburse_fail",
        (RQ.DISBURSING,),
        RQ.DISBURSEMENT_FAILED,
        "the disbursement failed",
    ),
    Transition(
        REQUEST,
        "refund",
        (RQ.FUNDED, RQ.DISBURSEMENT_FAILED),
        RQ.REVERSING,
        "returning the money to the payer",
    ),
    Transition(REQUEST, "reverse", (RQ.REVERSING,), RQ.REVERSED, "the refund settled"),
    Transition(REQUEST, "reverse_fail", (RQ.REVERSING,), RQ.REVERSAL_FAILED, "the refund failed"),
)

_BY_KEY: dict[tuple[str, str], Transition] = {(t.type, t.trigger): t for t in TRANSITIONS}


def triggers(payment_type: str) -> tuple[str, ...]:
    return tuple(t.trigger for t in TRANSITIONS if t.type == payment_type)


def allowed(payment_type: str, trigger: str, status: str) -> bool:
    transition = _BY_KEY.get((payment_type, trigger))
    return transition is not None and status in transition.sources


def next_status(payment_type: str, trigger: str, status: str) -> str:
    """The status `trigger` leads to from `status`, or IllegalTransition."""
    transition = _BY_KEY.get((payment_type, trigger))
    if transition is None or status not in transition.sources:
        noun = "payout" if payment_type == PAYOUT else "request"
        raise IllegalTransition(f"A {noun} that is {status} cannot {trigger.replace('_', ' ')}.")
    return transition.target


def is_final(payment_type: str, status: str) -> bool:
    """No transition of the table leaves `status`: the payment's story is over."""
    return not any(t.type == payment_type and status in t.sources for t in TRANSITIONS)
