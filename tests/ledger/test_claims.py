"""Reading a provider's response claims."""

import pytest

from ledger.claims import Answer, MalformedAnswer, amount, idempotency_key, read_answer

KEY = "po_1:authorize"


def test_idempotency_keys_are_deterministic_per_payout_and_endpoint():
    assert idempotency_key("po_1", "authorize") == idempotency_key("po_1", "authorize")
    assert idempotency_key("po_1", "authorize") != idempotency_key("po_1", "release")
    assert idempotency_key("po_1", "authorize") != idempotency_key("po_2", "authorize")


def test_amount_object_has_the_required_currency_fields():
    assert amount(1234, "USD") == {
        "value": "12.34",
        "currency": {"code": "USD", "decimalPlaces": 2},
    }
    assert amount(500, "JPY") == {"value": "500", "currency": {"code": "JPY", "decimalPlaces": 0}}
    assert amount(1, "BHD")["value"] == "0.001"


def test_approved_and_denied():
    approved = {"outcome": "approved", "holdReference": "h1", "idempotencyKey": KEY}
    assert read_answer("authorize", approved, idempotency_key=KEY) == Answer("approved", "h1", None)
    denied = {"outcome": "denied", "reason": "insufficient_funds", "idempotencyKey": KEY}
    assert read_answer("authorize", denied, idempotency_key=KEY) == Answer(
        "denied", None, "insufficient_funds"
    )


def test_an_outcome_the_endpoint_does_not_define_is_unknown_and_its_reason_dropped():
    for endpoint, outcome in [("authorize", "failed"), ("release", "denied"), ("capture", "ok")]:
        service = {"outcome": outcome, "reason": "secret detail", "idempotencyKey": KEY}
        assert read_answer(endpoint, service, idempotency_key=KEY) == Answer("unknown", None, None)


def test_reference_name_follows_the_endpoint():
    for endpoint, name in [("release", "releaseReference"), ("capture", "captureReference")]:
        service = {"outcome": "approved", name: "r1", "idempotencyKey": KEY}
        assert read_answer(endpoint, service, idempotency_key=KEY).reference == "r1"
        with pytest.raises(MalformedAnswer, match=name):
            read_answer(
                endpoint,
                {"outcome": "approved", "holdReference": "r1", "idempotencyKey": KEY},
                idempotency_key=KEY,
            )


@pytest.mark.parametrize(
    ("service", "message"),
    [
        (
            {"outcome": "approved", "holdReference": "h", "idempotencyKey": "other"},
            "does not match",
        ),
        ({"outcome": "approved", "holdReference": "h"}, "does not match"),
        ({"idempotencyKey": KEY}, '"outcome" is missing'),
        ({"outcome": 1, "idempotencyKey": KEY}, '"outcome" is missing'),
        ({"outcome": "approved", "idempotencyKey": KEY}, "holdReference"),
        ({"outcome": "approved", "holdReference": "", "idempotencyKey": KEY}, "holdReference"),
        ({"outcome": "approved", "holdReference": "h" * 257, "idempotencyKey": KEY}, "longer"),
        ({"outcome": "denied", "reason": ["x"], "idempotencyKey": KEY}, '"reason"'),
    ],
)
def test_untrustworthy_claims_are_malformed(service, message):
    with pytest.raises(MalformedAnswer, match=message):
        read_answer("authorize", service, idempotency_key=KEY)
