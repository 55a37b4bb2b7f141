"""The sandbox's reading of request claims: every field the contract requires, with its type.

Anything wrong is MalformedClaims, answered 422 (a terminal 4xx: the service must not retry).
Unknown extra claims are ignored, so the service may add fields without breaking providers.
"""

import math
from dataclasses import dataclass

from common.money import MoneyError, get_currency, to_minor

MAX_TEXT = 256
MAX_KEY = 255


class MalformedClaims(ValueError):
    pass


@dataclass(frozen=True)
class Amount:
    minor: int
    currency: str


@dataclass(frozen=True)
class AuthorizeRequest:
    payout_id: str
    provider_id: str
    external_id: str
    funding_source: str
    amount: Amount
    fraud_score: float
    idempotency_key: str
    caller_subject: str | None = None
    request_id: str | None = None


@dataclass(frozen=True)
class ReleaseRequest:
    payout_id: str
    provider_id: str
    hold_reference: str
    idempotency_key: str
    reason: str | None = None


@dataclass(frozen=True)
class CaptureRequest:
    payout_id: str
    provider_id: str
    hold_reference: str
    amount: Amount
    idempotency_key: str


def parse(endpoint: str, service: dict):
    if endpoint == "authorize":
        return AuthorizeRequest(
            payout_id=_text(service, "payoutID"),
            provider_id=_text(service, "providerID"),
            external_id=_text(service, "externalID"),
            funding_source=_text(service, "fundingSource"),
            amount=_amount(service),
            fraud_score=_fraud_score(service),
            idempotency_key=_text(service, "idempotencyKey", MAX_KEY),
            caller_subject=_text(service, "callerSubject", required=False),
            request_id=_text(service, "requestID", required=False),
        )
    if endpoint == "release":
        return ReleaseRequest(
            payout_id=_text(service, "payoutID"),
            provider_id=_text(service, "providerID"),
            hold_reference=_text(service, "holdReference"),
            idempotency_key=_text(service, "idempotencyKey", MAX_KEY),
            reason=_text(service, "reason", required=False),
        )
    if endpoint == "capture":
        return CaptureRequest(
            payout_id=_text(service, "payoutID"),
            provider_id=_text(service, "providerID"),
            hold_reference=_text(service, "holdReference"),
            amount=_amount(service),
            idempotency_key=_text(service, "idempotencyKey", MAX_KEY),
        )
    raise MalformedClaims(f"unknown endpoint {endpoint!r}")


def _text(service: dict, name: str, limit: int = MAX_TEXT, *, required: bool = True):
    value = service.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value or len(value) > limit:
        raise MalformedClaims(f"service.{name} must be a string of 1 to {limit} characters")
    return value


def _amount(service: dict) -> Amount:
    amount = service.get("amount")
    if not isinstance(amount, dict) or not isinstance(amount.get("currency"), dict):
        raise MalformedClaims("service.amount must be an amount object with a currency")
    currency = amount["currency"]
    code, places, value = currency.get("code"), currency.get("decimalPlaces"), amount.get("value")
    if not isinstance(value, str):
        raise MalformedClaims("service.amount.value must be a decimal string")
    try:
        cur = get_currency(code)
        minor = to_minor(value, cur)
    except MoneyError as exc:
        raise MalformedClaims(f"service.amount: {exc}") from None
    if isinstance(places, bool) or places != cur.decimal_places:
        raise MalformedClaims(
            f"service.amount.currency.decimalPlaces must be {cur.decimal_places} for {cur.code}"
        )
    if minor <= 0:
        raise MalformedClaims("service.amount.value must be positive")
    return Amount(minor=minor, currency=cur.code)


def _fraud_score(service: dict) -> float:
    score = service.get("fraudScore")
    if isinstance(score, bool) or not isinstance(score, int | float) or not math.isfinite(score):
        raise MalformedClaims("service.fraudScore must be a number from 0.0 to 1.0")
    if not 0.0 <= score <= 1.0:
        raise MalformedClaims("service.fraudScore must be a number from 0.0 to 1.0")
    return float(score)
