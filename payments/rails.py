"""Rails the service drives itself: card pulls and pushes (AFT / OCT) and core credits.

Payout holds and captures go through the provider's ledger (`ledger.services`). The other
movements — a request's collection from the payer, every disbursement, a request's refund —
have no integration in this service yet, so they are modelled here with deterministic rules
staff can reason about: a movement succeeds when the instrument it uses is still active.
Each result carries the rail's transfer reference, as a card network would return one.
"""

from dataclasses import dataclass

from common.ids import new_id
from payments.models import Operation, Payment

SOURCE_UNAVAILABLE = "funding_source_unavailable"
DESTINATION_UNAVAILABLE = "destination_unavailable"


@dataclass(frozen=True)
class RailResult:
    succeeded: bool
    reference: str = ""
    failure_code: str = ""


def _transfer(rail: str) -> RailResult:
    # A core credit is booked by the provider's core, which returns no reference to us.
    reference = new_id("trf") if rail in (Operation.Rail.AFT, Operation.Rail.OCT) else ""
    return RailResult(succeeded=True, reference=reference)


def _active(source) -> bool:
    return source is not None and source.disabled_on is None


def collect(payment: Payment, operation: Operation) -> RailResult:
    """Pull the request amount from the payer's funding source."""
    if not _active(payment.counterparty_funding_source):
        return RailResult(succeeded=False, failure_code=SOURCE_UNAVAILABLE)
    return _transfer(operation.rail)


def disburse(payment: Payment, operation: Operation) -> RailResult:
    """Push the money to the receiving party: the requester's destination for a request; a
    payout's recipient is credited from the captured funds."""
    if payment.is_request and not _active(payment.initiator_funding_source):
        return RailResult(succeeded=False, failure_code=DESTINATION_UNAVAILABLE)
    return _transfer(operation.rail)


def refund(payment: Payment, operation: Operation) -> RailResult:
    """Return a request's collected money to the payer's funding source."""
    if not _active(payment.counterparty_funding_source):
        return RailResult(succeeded=False, failure_code=SOURCE_UNAVAILABLE)
    return _transfer(operation.rail)
