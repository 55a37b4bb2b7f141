"""The `service` claims of each callback, as the contract names them (capture: as we define it).

authorize  in:  payoutID providerID externalID fundingSource amount fraudScore
                callerSubject? requestID? idempotencyKey
           out: outcome (approved | denied) holdReference reason idempotencyKey
release    in:  payoutID providerID holdReference reason? idempotencyKey
           out: outcome (approved | failed) releaseReference reason idempotencyKey
capture    in:  payoutID providerID holdReference amount idempotencyKey
           out: outcome (approved | failed) captureReference reason idempotencyKey
"""

from dataclasses import dataclass

from common.money import format_minor, get_currency

APPROVED = "approved"
UNKNOWN = "unknown"
MAX_REFERENCE_CHARS = 256


@dataclass(frozen=True)
class EndpointSpec:
    name: str
    outcomes: frozenset[str]  # the outcomes a 200 may carry
    reference: str  # the response claim naming what an approval created


ENDPOINTS = {
    spec.name: spec
    for spec in (
        EndpointSpec("authorize", frozenset({"approved", "denied"}), "holdReference"),
        EndpointSpec("release", frozenset({"approved", "failed"}), "releaseReference"),
        EndpointSpec("capture", frozenset({"approved", "failed"}), "captureReference"),
    )
}


def idempotency_key(payout_id: str, endpoint: str) -> str:
    """Deterministic per payout and endpoint, so every retry and every re-request of the same
    operation carries the same key and the provider answers it once."""
    return f"{payout_id}:{endpoint}"


def amount(minor: int, currency: str) -> dict:
    """The contract's amount object with the two currency fields it requires."""
    cur = get_currency(currency)
    return {
        "value": format_minor(minor, cur),
        "currency": {"code": cur.code, "decimalPlaces": cur.decimal_places},
    }


def without_empty(service: dict) -> dict:
    """Optional claims that are unknown are omitted, never null."""
    return {name: value for name, value in service.items() if value is not None}


@dataclass(frozen=True)
class Answer:
    """What a provider's 200 said, once its claims were checked."""

    outcome: str  # one of the endpoint's outcomes, or "unknown"
    reference: str | None
    reason: str | None


class MalformedAnswer(ValueError):
    """Response claims that cannot be trusted (wrong key, missing fields, wrong types)."""


def read_answer(endpoint: str, service: dict, *, idempotency_key: str) -> Answer:
    spec = ENDPOINTS[endpoint]
    if service.get("idempotencyKey") != idempotency_key:
        raise MalformedAnswer(
            f"idempotencyKey {service.get('idempotencyKey')!r} does not match the request's "
            f"{idempotency_key!r}"
        )
    outcome = service.get("outcome")
    if not isinstance(outcome, str) or not outcome:
        raise MalformedAnswer('"outcome" is missing or not a string')
    if outcome not in spec.outcomes:
        # An outcome the endpoint does not define: the result is unknown and the provider's
        # reason, written for an outcome we do not understand, is not passed on.
        return Answer(UNKNOWN, None, None)
    reason = service.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise MalformedAnswer('"reason" must be a string')
    if outcome != APPROVED:
        return Answer(outcome, None, reason)
    reference = service.get(spec.reference)
    if not isinstance(reference, str) or not reference:
        raise MalformedAnswer(f'"{spec.reference}" is required when the outcome is approved')
    if len(reference) > MAX_REFERENCE_CHARS:
        raise MalformedAnswer(f'"{spec.reference}" is longer than {MAX_REFERENCE_CHARS} chars')
    return Answer(outcome, reference, reason)
