"""Every write of the ledger area: registrations, and callbacks from request to reported outcome.

A callback passes through the modules in the order it happens, and each says its job:
`calls` (payments' requests, checked and queued in the caller's transaction), `delivery` (one
HTTP attempt per run, its record, the retry or the final result), `outcomes` (the outcome
handed to the `reply_to` task, which acknowledges it) and `sweeper` (calls and outcomes a lost
message left behind). This is the module newcomers are pointed to for how a lower layer answers
its caller (`reply_to`). Callers keep using `ledger.services.X`: the public names are
re-exported here, as are registrations (`ledger.registration`).
"""

from ledger.registration import Registered, check_url, register_ledger
from ledger.services.calls import request_authorize, request_capture, request_release
from ledger.services.delivery import deliver, lease_seconds
from ledger.services.outcomes import acknowledge, outcome_of, send_outcome
from ledger.services.sweeper import resume_stalled

__all__ = [
    "Registered",
    "acknowledge",
    "check_url",
    "deliver",
    "lease_seconds",
    "outcome_of",
    "register_ledger",
    "request_authorize",
    "request_capture",
    "request_release",
    "resume_stalled",
    "send_outcome",
]
