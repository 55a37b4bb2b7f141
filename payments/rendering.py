"""What one provider sees of a payment, as contract-shaped dicts (optional unknowns left out).

- A party shows `participantID` once bound; `externalID`, `funding` and the current name only
  when it is the viewing provider's own participant; otherwise the name recorded on the
  payment. Contact labels are never stored, so never shown. `phoneNumber` is the addressed
  phone, on the counterparty only.
- Risk detail (reviewIDs, assessmentIDs) belongs to the initiating provider; another provider
  that sees the payment through its own participant gets empty lists.
- In a participant-scoped row the counterparty is the other party relative to that
  participant (for a received payout or a sent request it is the initiator).

Rows leave here as plain values (datetimes included: the JSON encoder formats them, and
`common.rendering.json_ready` does the same for what is stored) without a serializer pass:
building DRF fields per row costs more than the page's queries. The row serializers describe
the same shapes for the schema, and the tests check both agree.

One builder per resource: `render_payment_row` (both lists, and the payment in its events),
`render_legacy_payment_row` (the v2026.07.00 participant-scoped item), `render_payout` and
`render_request` (the details); the rest is private.
"""

from common.money import amount_json
from payments.entries import parties
from payments.models import Payment, PaymentEntry

INITIATOR = PaymentEntry.Role.INITIATOR
COUNTERPARTY = PaymentEntry.Role.COUNTERPARTY


def _party(payment: Payment, role: str, viewer_id: str) -> dict:
    initiator, counterparty = parties(payment)
    subject = initiator if role == INITIATOR else counterparty
    own = subject.enrollment is not None and subject.provider_id == viewer_id
    data: dict = {}
    if subject.participant_id:
        data["participantID"] = subject.participant_id
    if own:
        data["externalID"] = subject.enrollment.external_id
    name = subject.name_for(viewer_id)
    if name:
        data["displayName"] = name
    if role == COUNTERPARTY and payment.counterparty_phone:
        data["phoneNumber"] = payment.counterparty_phone
    source = (
        payment.initiator_funding_source
        if role == INITIATOR
        else payment.counterparty_funding_source
    )
    if own and source is not None:
        data["funding"] = _funding(source)
    return data


def _funding(source) -> dict:
    data = {"fundingType": source.funding_type}
    if source.display_name:
        data["displayName"] = source.display_name
    if source.last4:
        data["last4"] = source.last4
    return data


def _hold(payment: Payment) -> dict:
    data: dict = {"active": payment.hold_active}
    if payment.hold_active and payment.hold_expires_on:
        data["expiresOn"] = payment.hold_expires_on
    return data


def _amount(payment: Payment) -> dict:
    return amount_json(payment.amount_minor, payment.currency)


def _other_role(role: str) -> str:
    return COUNTERPARTY if role == INITIATOR else INITIATOR


def _dated(payment: Payment, data: dict) -> dict:
    """`data` followed by what every row and detail ends its common part with: the dates and
    the memo (omitted when empty), `completedOn` once completed."""
    data["createdOn"] = payment.created_on
    data["expiresOn"] = payment.expires_on
    if payment.memo:
        data["memo"] = payment.memo
    if payment.completed_on:
        data["completedOn"] = payment.completed_on
    return data


def _row(payment: Payment, viewer_id: str, counterparty_role: str) -> dict:
    return _dated(
        payment,
        {
            "type": payment.type,
            "paymentID": payment.id,
            "amount": _amount(payment),
            "status": payment.status,
            "referenceNumber": payment.reference_number,
            "initiator": _party(payment, INITIATOR, viewer_id),
            "counterparty": _party(payment, counterparty_role, viewer_id),
            "hold": _hold(payment),
        },
    )


def render_payment_row(
    entry_or_payment: PaymentEntry | Payment, viewer_id: str, *, scoped: bool = False
) -> dict:
    """A list row as `viewer_id` sees it: the provider-wide row (`GET …/payments`, and the
    payment in its events) from an entry or a payment; with `scoped`, from an entry, the
    participant-scoped row (`GET …/participants/{participantID}/payments`): `direction` added
    and `counterparty` relative to the entry's participant."""
    entry = entry_or_payment if isinstance(entry_or_payment, PaymentEntry) else None
    payment = entry_or_payment if entry is None else entry.payment
    if not scoped:
        return _row(payment, viewer_id, COUNTERPARTY)
    if entry is None:
        raise TypeError("A participant-scoped row is rendered from the participant's entry.")
    data = _row(payment, viewer_id, _other_role(entry.role))
    data["direction"] = entry.direction
    return data


def render_legacy_payment_row(entry: PaymentEntry, viewer_id: str) -> dict:
    """The v2026.07.00 participant-scoped item: id, amount, counterparty {displayName,
    phoneNumber}, createdOn, direction, memo, status, type."""
    payment = entry.payment
    other = _party(payment, _other_role(entry.role), viewer_id)
    data: dict = {
        "id": payment.id,
        "amount": _amount(payment),
        "counterparty": {k: other[k] for k in ("displayName", "phoneNumber") if k in other},
        "createdOn": payment.created_on,
        "direction": entry.direction,
        "status": payment.status,
        "type": payment.type,
    }
    if payment.memo:
        data["memo"] = payment.memo
    return data


def _operation(op) -> dict:
    data = {
        "operationID": op.id,
        "type": op.type,
        "rail": op.rail,
        "status": op.status,
        "occurredOn": op.occurred_on,
    }
    if op.external_reference:
        data["externalReference"] = op.external_reference
    if op.failure_code:
        data["failureCode"] = op.failure_code
    return data


def _risk_ids(payment: Payment, viewer_id: str) -> tuple[list, list]:
    if viewer_id != payment.initiator_provider_id:
        return [], []
    return list(payment.review_ids), list(payment.assessment_ids)


def _detail(payment: Payment, viewer_id: str, id_key: str, initiator: str, other: str) -> dict:
    """What a payout's and a request's detail share, under their own names for the ID and
    the two parties."""
    review_ids, assessment_ids = _risk_ids(payment, viewer_id)
    data = _dated(
        payment,
        {
            id_key: payment.id,
            "referenceNumber": payment.reference_number,
            "amount": _amount(payment),
            "status": payment.status,
            "hold": _hold(payment),
            "reviewIDs": review_ids,
            "assessmentIDs": assessment_ids,
            "operations": [_operation(op) for op in payment.operations.all()],
        },
    )
    data[initiator] = _party(payment, INITIATOR, viewer_id)
    data[other] = _party(payment, COUNTERPARTY, viewer_id)
    return data


def render_payout(payment: Payment, viewer_id: str) -> dict:
    """The payout detail (`GET …/payouts/{payoutID}`) as `viewer_id` sees it."""
    data = _detail(payment, viewer_id, "payoutID", "sender", "recipient")
    attempts = getattr(payment, "approved_funding_attempts", None)
    if attempts is None:
        attempts = list(payment.funding_attempts.filter(status="approved").order_by("created_on"))
    if attempts:
        latest = attempts[-1]
        funded_from = {"fundingType": latest.funding_type}
        if latest.reference:
            funded_from["reference"] = latest.reference
        data["fundedFrom"] = funded_from
    if payment.claimed_on:
        data["claimedOn"] = payment.claimed_on
    return data


def render_request(payment: Payment, viewer_id: str) -> dict:
    """The request detail (`GET …/requests/{requestID}`) as `viewer_id` sees it."""
    data = _detail(payment, viewer_id, "requestID", "requester", "payer")
    if payment.funded_on:
        data["fundedOn"] = payment.funded_on
    return data
