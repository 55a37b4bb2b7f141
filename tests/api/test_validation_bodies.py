"""Every request body a view validates: `api.validation.validated` answers as a fresh
serializer's `is_valid(raise_exception=True)` does, the same validated data or the same
error, for valid and invalid bodies run one after another through the reused instance."""

import re
from pathlib import Path

import pytest
from rest_framework.exceptions import ValidationError

from api import scopes
from api.validation import validated
from common.errors import BadRequest
from events import types
from events.api import serializers as events
from ledger.api import serializers as ledger
from participants.api import serializers as participants
from payments.api import command_serializers as payments
from providers.api import serializers as providers
from reviews.api import serializers as reviews

ROOT = Path(__file__).resolve().parents[2]

ADDRESS = {
    "addressLine1": "1 Main St",
    "city": "Springfield",
    "stateOrProvince": "IL",
    "postalCode": "62701",
    "country": "US",
}
PHONE = {"countryCode": "1", "number": "2125550123"}
SOURCE = {"displayName": "Checking", "fundingType": "bank_account", "providerSourceID": "s-1"}
PARTICIPANT = {
    "externalID": "ext-1",
    "givenName": "Ada",
    "familyName": "Lovelace",
    "address": ADDRESS,
    "phones": [PHONE],
}
PARTICIPANT_FULL = {
    **PARTICIPANT,
    "middleName": "K",
    "nickName": "ada",
    "dateOfBirth": "1990-01-02",
    "address": {**ADDRESS, "addressLine2": "Apt 4"},
    "emails": ["ada@example.com"],
    "fundingSources": [{**SOURCE, "last4": "1234"}],
}
NOT_A_DICT = ([], "text", None, 7)
LEDGER_URLS = {
    "authorizeURL": "https://ledger.example.com/a",
    "releaseURL": "https://ledger.example.com/r",
    "captureURL": "https://ledger.example.com/c",
}

# serializer -> bodies, valid and invalid interleaved, each body also after the previous one.
BODIES = {
    participants.ParticipantCreateSerializer: [
        PARTICIPANT_FULL,
        {},
        PARTICIPANT,
        {**PARTICIPANT, "externalID": "usr_1", "dateOfBirth": "1800-01-01"},
        {**PARTICIPANT, "externalID": "a/b", "dateOfBirth": "2999-01-01"},
        {**PARTICIPANT, "address": {**ADDRESS, "country": "XX"}, "phones": []},
        {**PARTICIPANT, "phones": [PHONE, PHONE, {"countryCode": "1", "number": "12"}]},
        PARTICIPANT_FULL,
        {**PARTICIPANT, "fundingSources": [SOURCE, SOURCE, {**SOURCE, "fundingType": "x"}]},
        {**PARTICIPANT, "emails": ["not-an-email"] * 21, "address": "nowhere"},
        {**PARTICIPANT, "phones": [PHONE, "x"], "fundingSources": {}},
        PARTICIPANT,
        *NOT_A_DICT,
    ],
    participants.SuspendSerializer: [
        {"reasonCode": "other", "note": "why", "expectedVersionID": "v1"},
        {"reasonCode": "other", "expectedVersionID": "v1"},
        {"reasonCode": "legal-hold", "expectedVersionID": "v1"},
        {"reasonCode": "nope", "note": "", "expectedVersionID": "v" * 65},
        {},
        *NOT_A_DICT,
    ],
    participants.ReactivateSerializer: [
        {"note": " spaced ", "expectedVersionID": "v1"},
        {"note": ""},
        {"note": "n", "expectedVersionID": None},
        *NOT_A_DICT,
    ],
    reviews.OpenReviewSerializer: [
        {"participantID": "usr_1", "reason": "r", "assessmentID": "ra_1"},
        {"participantID": "", "reason": ""},
        {"participantID": "ext-1", "reason": "r"},
        {"participantID": "x" * 256, "reason": "r", "assessmentID": "a" * 41},
        *NOT_A_DICT,
    ],
    reviews.AssignmentSerializer: [
        {"assigneeUserID": "u1", "expectedVersionID": "v1"},
        {"assigneeUserID": 5},
        {"assigneeUserID": "u2", "expectedVersionID": "v2"},
        *NOT_A_DICT,
    ],
    reviews.SuspendFromReviewSerializer: [
        {
            "reason": "r",
            "reasonCode": "suspected-fraud",
            "expectedVersionID": "v1",
            "expectedRelationshipVersionID": "rv1",
        },
        {"reason": "", "reasonCode": "other"},
        *NOT_A_DICT,
    ],
    reviews.PaymentReviewResolutionSerializer: [
        {"resolution": "approved", "notes": " n "},
        {"resolution": None},
        {"resolution": "rejected"},
        {"resolution": "maybe", "notes": "n"},
        {"resolution": "approved", "notes": "n" * 513},
        {},
        *NOT_A_DICT,
    ],
    events.EndpointCreateSerializer: [
        {
            "url": "https://example.com/hook",
            "eventTypes": [types.PAYOUT_STATUS_CHANGED],
            "description": " d ",
        },
        {"url": "", "eventTypes": ["nope"], "description": "d" * 256},
        {"url": "https://example.com/hook"},
        {"url": "u" * 2049, "eventTypes": "x"},
        {"url": "https://example.com/hook", "eventTypes": [types.PAYOUT_STATUS_CHANGED] * 99},
        *NOT_A_DICT,
    ],
    events.EndpointUpdateSerializer: [
        {"status": "disabled"},
        {"url": "ftp://x", "status": "paused"},
        {"url": "https://example.com/hook", "eventTypes": [], "description": ""},
        {"eventTypes": ["nope"]},
        {},
        *NOT_A_DICT,
    ],
    participants.FundingSourceInSerializer: [
        {**SOURCE, "last4": "1234"},
        {**SOURCE, "displayName": "", "last4": "12345"},
        SOURCE,
        {"fundingType": "cash"},
        *NOT_A_DICT,
    ],
    participants.ParticipantUpdateSerializer: [
        {"expectedVersionID": "v1", "familyName": "King", "middleName": ""},
        {"familyName": ""},
        {"expectedVersionID": "v1", "address": ADDRESS, "phones": [PHONE], "emails": []},
        {"expectedVersionID": "v1", "phones": [PHONE, PHONE], "emails": ["a@b.co", "a@b.co"]},
        {"expectedVersionID": "v1"},
        {"expectedVersionID": "v1", "address": {**ADDRESS, "country": "XX"}, "phones": []},
        *NOT_A_DICT,
    ],
    ledger.LedgerRegistrationInSerializer: [
        {**LEDGER_URLS, "key": {"kty": "oct", "k": "A" * 43, "alg": "A256KW"}},
        LEDGER_URLS,
        {**LEDGER_URLS, "key": {"kty": "oct", "k": "B" * 43}},
        {**LEDGER_URLS, "authorizeURL": "http://127.0.0.1/a", "key": {"kty": "RSA", "k": "x"}},
        {**LEDGER_URLS, "key": {"kty": "oct", "k": "A" * 42 + "="}},
        {},
        *NOT_A_DICT,
    ],
    providers.TokenRequestSerializer: [
        {"scopes": [scopes.PARTICIPANTS_READ], "ttlSeconds": 60},
        {"scopes": [scopes.PAYMENTS_READ, "nope"]},
        {"scopes": [scopes.PAYMENTS_READ]},
        {"scopes": [], "ttlSeconds": 0},
        {},
        {"ttlSeconds": "soon"},
        *NOT_A_DICT,
    ],
}
# The payment commands' bodies (payments/api/*_commands.py).
USD = {"value": "25.00", "currency": {"code": "USD"}}
DEVICE = {"deviceID": "inst-1", "ipAddress": "203.0.113.7", "deviceType": "mobile"}
BODIES.update(
    {
        payments.PayoutCreateSerializer: [
            {
                "participantID": "cust-1",
                "recipient": {"phoneNumber": "+14155550123"},
                "amount": USD,
            },
            {
                "participantID": "cust-1",
                "recipient": {"phoneNumber": "+14155550123"},
                "amount": {"value": "25.001", "currency": {"code": "USD", "decimalPlaces": 2}},
                "device": DEVICE,
            },
            {"participantID": "cust-1", "recipient": {"phoneNumber": "4155550123"}, "amount": USD},
            {"participantID": "cust-1", "amount": {"value": "1", "currency": {"code": "XXZ"}}},
            {},
            *NOT_A_DICT,
        ],
        payments.RequestCreateSerializer: [
            {"participantID": "cust-1", "payer": {"phoneNumber": "+14155550123"}, "amount": USD},
            {"participantID": "cust-1", "payer": {}, "amount": USD, "memo": "x" * 1000},
            {},
            *NOT_A_DICT,
        ],
        payments.PayoutClaimSerializer: [{"participantID": "cust-2"}, {}, *NOT_A_DICT],
        payments.PayoutCancelSerializer: [{"reason": "typo"}, {}, {"reason": 7}, *NOT_A_DICT],
        payments.RequestPaySerializer: [
            {"participantID": "cust-2", "fundingSourceID": "fs_1", "device": DEVICE},
            {"participantID": "cust-2", "device": {"ipAddress": "not an address"}},
            *NOT_A_DICT,
        ],
        payments.RequestDeclineSerializer: [{"participantID": "cust-2"}, {}, *NOT_A_DICT],
        reviews.SignInSerializer: [
            {"device": DEVICE},
            {"device": {}},
            {"device": {"deviceType": "tablet"}},
            {"device": {}, "signedInOn": "2001-01-01T00:00:00Z"},
            {},
            *NOT_A_DICT,
        ],
    }
)
KEY_SCOPES = {"key_scopes": [scopes.PARTICIPANTS_READ, scopes.PARTICIPANTS_WRITE]}
CONTEXTS = {
    providers.TokenRequestSerializer: KEY_SCOPES,
    ledger.LedgerRegistrationInSerializer: {"registered": False},
}


def outcome(validate, serializer_class, body, context) -> tuple:
    """What a validation gave: the data, or the error with its exact structure and codes."""
    try:
        data = validate(serializer_class, body, context=context)
    except ValidationError as exc:
        return ("invalid", type(exc.detail), repr(exc.detail), exc.get_codes())
    except BadRequest as exc:
        return ("bad request", str(exc), exc.errors)
    return ("valid", type(data), repr(data))


def fresh(serializer_class, body, *, context=None):
    serializer = serializer_class(data=body, context=context or {})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


@pytest.mark.parametrize("serializer_class", list(BODIES), ids=lambda c: c.__name__)
def test_each_body_validates_as_a_fresh_serializer_does(serializer_class):
    context = CONTEXTS.get(serializer_class)
    # Twice through, so every body also follows each other kind of body.
    for body in BODIES[serializer_class] * 2:
        expected = outcome(fresh, serializer_class, body, context)
        assert outcome(validated, serializer_class, body, context) == expected, body


@pytest.mark.parametrize("serializer_class", list(BODIES), ids=lambda c: c.__name__)
def test_the_cases_cover_valid_and_invalid_bodies(serializer_class):
    context = CONTEXTS.get(serializer_class)
    kinds = {outcome(fresh, serializer_class, b, context)[0] for b in BODIES[serializer_class]}
    assert {"valid", "invalid"} <= kinds


def test_every_body_serializer_a_view_validates_is_covered():
    names = set()
    modules = ("views.py", "self_service.py", "*_commands.py")
    for views in [path for name in modules for path in ROOT.glob(f"*/api/{name}")]:
        names |= set(re.findall(r"validated\(\s*s\.(\w+)", views.read_text()))
    assert len(names) == len(BODIES)
    assert names == {c.__name__ for c in BODIES}


def test_no_view_validates_through_a_fresh_serializer():
    modules = ("views.py", "self_service.py", "*_commands.py")
    for views in [path for name in modules for path in ROOT.glob(f"*/api/{name}")]:
        assert "is_valid(" not in views.read_text(), views


def test_key_scopes_come_from_each_calls_context():
    body = {"scopes": [scopes.PAYMENTS_READ]}
    other_key = {"key_scopes": [scopes.PAYMENTS_READ]}
    assert validated(providers.TokenRequestSerializer, body, context=other_key) == body
    with pytest.raises(ValidationError):
        validated(providers.TokenRequestSerializer, body, context=KEY_SCOPES)
    # No context: a key holding nothing, as a fresh serializer without one.
    with pytest.raises(ValidationError) as without:
        validated(providers.TokenRequestSerializer, body)
    assert outcome(fresh, providers.TokenRequestSerializer, body, None) == (
        "invalid",
        type(without.value.detail),
        repr(without.value.detail),
        without.value.get_codes(),
    )


def test_an_unrecognised_resolution_is_still_a_bad_request():
    with pytest.raises(BadRequest) as raised:
        validated(reviews.PaymentReviewResolutionSerializer, {"resolution": "maybe"})
    assert raised.value.errors == [
        {"pointer": "/resolution", "detail": "must be approved or rejected"}
    ]
    assert validated(reviews.PaymentReviewResolutionSerializer, {"resolution": "approved"}) == {
        "resolution": "approved"
    }
