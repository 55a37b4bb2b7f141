"""Every write on payments, one module per job; this package is the app's write interface.

- `payouts`: create a payout, claim it, cancel it.
- `requests`: create a request, the payer signs in and pays, its money moves, decline, cancel.
- `ledger_outcomes`: the ledger's answers applied to a payout, and asking again.
- `sweeps`: beat jobs that expire payments and release waiting requests.
- `review_hooks`: what the reviews app calls (lock, link, hold, cancel after a rejection).
- `checks`: input and party checks before a payment is recorded.
- `core`: the primitives the jobs share (lock, move, event, operation, a new payment, the
  ledger calls); not called from outside payments.

Other apps, tasks, commands and the demo call the use cases re-exported here
(`from payments import services`); modules of this package import each other directly.
Each function owns its transaction and locks the payment row before it changes anything
(each module states its lock order). What a participant already sent is a read:
`payments.selectors.send_usage`.
"""

from payments.services.ledger_outcomes import (
    RECONCILE_ATTEMPTS,
    reconcile_unknown_authorizations,
    record_ledger_outcome,
)
from payments.services.payouts import NewPayout, cancel_payout, claim_payout, create_payout
from payments.services.requests import (
    NewRequest,
    advance_request,
    authenticate_payer,
    cancel_request,
    create_request,
    decline_request,
    pay_request,
    start_payment,
)
from payments.services.review_hooks import (
    attach_assessment,
    attach_review,
    cancel_rejected_payout,
    lock_payment,
    set_hold,
)
from payments.services.sweeps import expire_due_payments, release_waiting_requests

__all__ = [
    "RECONCILE_ATTEMPTS",
    "NewPayout",
    "NewRequest",
    "advance_request",
    "attach_assessment",
    "attach_review",
    "authenticate_payer",
    "cancel_payout",
    "cancel_rejected_payout",
    "cancel_request",
    "claim_payout",
    "create_payout",
    "create_request",
    "decline_request",
    "expire_due_payments",
    "lock_payment",
    "pay_request",
    "reconcile_unknown_authorizations",
    "record_ledger_outcome",
    "release_waiting_requests",
    "set_hold",
    "start_payment",
]
