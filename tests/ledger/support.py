"""Calling the ledger area as payments does, and talking to the sandbox directly."""

from json import dumps
from urllib.parse import urlsplit

import requests
from django.db import transaction
from django.test import Client

from ledger import codec, services
from tests.ledger.outcomes import RECEIVED, REPLY_TO

OUTCOME_KEYS = {
    "endpoint",
    "providerID",
    "payoutID",
    "outcome",
    "reference",
    "reason",
    "failureCode",
    "idempotencyKey",
    "attempts",
    "httpStatus",
    "occurredOn",
    "callID",
}


def authorize(provider_id, payout_id, *, amount=1500, source="acct-1", currency="USD", **extra):
    with transaction.atomic():
        services.request_authorize(
            provider_id=provider_id,
            payout_id=payout_id,
            external_id="cust-1",
            funding_source=source,
            amount_minor=amount,
            currency=currency,
            fraud_score=extra.pop("fraud_score", 0.12),
            reply_to=REPLY_TO,
            **extra,
        )
    return RECEIVED[-1]


def release(provider_id, payout_id, hold_reference, reason="cancelled"):
    with transaction.atomic():
        services.request_release(
            provider_id=provider_id,
            payout_id=payout_id,
            hold_reference=hold_reference,
            reason=reason,
            reply_to=REPLY_TO,
        )
    return RECEIVED[-1]


def capture(provider_id, payout_id, hold_reference, *, amount=1500, currency="USD"):
    with transaction.atomic():
        services.request_capture(
            provider_id=provider_id,
            payout_id=payout_id,
            hold_reference=hold_reference,
            amount_minor=amount,
            currency=currency,
            reply_to=REPLY_TO,
        )
    return RECEIVED[-1]


def authorize_service(provider_id, payout_id, *, key=None, amount="15.00", source="acct-1"):
    return {
        "payoutID": payout_id,
        "providerID": provider_id,
        "externalID": "cust-1",
        "fundingSource": source,
        "amount": {"value": amount, "currency": {"code": "USD", "decimalPlaces": 2}},
        "fraudScore": 0.1,
        "idempotencyKey": key or f"{payout_id}:authorize",
    }


class InProcess:
    """`requests`-shaped calls through Django's test client: the sandbox's HTTP handling
    without a socket, inside the test's rolled-back transaction."""

    def __init__(self):
        self.client = Client()

    def post(self, url, json=None, data=None, timeout=None):
        if json is not None:
            return self.client.post(_path(url), dumps(json), content_type="application/json")
        return self.client.post(_path(url), data, content_type="text/plain")

    def get(self, url, timeout=None):
        return self.client.get(_path(url))


def _path(url: str) -> str:
    return urlsplit(url).path


def post_sandbox(handle, endpoint, *, token=None, service=None, body=None, http=requests):
    """POST to the sandbox; `service` is sealed with the handle's key into a fresh JWE."""
    if service is not None:
        token = codec.seal(typ=endpoint, service=service, key=handle.key)
    if body is None:
        body = {"request": token}
    return http.post(handle.urls[f"{endpoint}_url"], json=body, timeout=10)


def open_response(handle, endpoint, response) -> dict:
    token = codec.open_envelope(response.content, "response")
    return codec.decrypt(token, handle.key, typ=endpoint)["service"]
