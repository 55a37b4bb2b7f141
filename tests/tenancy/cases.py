"""Per-route cases for the tenancy matrix: how to make a resource the first provider owns.

Every provider route of the URL configuration needs an entry here (keyed by its full route
pattern); `tests/tenancy/test_matrix.py` fails for a route without one, and for an entry
whose route no longer exists.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from common.actors import Actor
from events import services as event_services
from limits import services as limit_services
from participants.models import FundingSource
from participants.selectors import get_enrollment
from tests.participants.factories import create_participant
from tests.payments.factories import enroll, make_payment
from tests.reviews.factories import payout_in_review, pending_review, rejected_command
from tests.risk.factories import observed_payment

MISSING_PARTICIPANT = "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user"
MISSING_GROUP = "grp_01ARZ3NDEKTSV4RRFFQ69G5FAV"
MISSING_REVIEW = "rev_01ARZ3NDEKTSV4RRFFQ69G5FAV"
MISSING_PAYOUT = "po_01ARZ3NDEKTSV4RRFFQ69G5FAV"
MISSING_REQUEST = "rq_01ARZ3NDEKTSV4RRFFQ69G5FAV"
_AMOUNT = {"value": "1.00", "currency": {"code": "USD"}}
NEW_PAYOUT = {
    "participantID": MISSING_PARTICIPANT,
    "recipient": {"phoneNumber": "+14155550123"},
    "amount": _AMOUNT,
}
NEW_REQUEST = {
    "participantID": MISSING_PARTICIPANT,
    "payer": {"phoneNumber": "+14155550123"},
    "amount": _AMOUNT,
}


@dataclass(frozen=True)
class RouteCase:
    # Creates what the first provider owns and returns the path values naming it (besides
    # providerID). None for a route that names nothing but the provider (lists, creates).
    owned: Callable[[object], dict] | None = None
    # Path values that name nothing at all, for the "missing resource" answer.
    missing: dict = field(default_factory=dict)
    # A plausible body per method, so the lookup (not validation) is what answers.
    bodies: dict = field(default_factory=dict)
    # For a list: creates what the first provider owns and returns query filters naming it
    # ({parameter: the first provider's value}); `missing_queries` gives, per parameter, a
    # value that names nothing. The second provider must get the same answer for both.
    queries: Callable[[object], dict] | None = None
    missing_queries: dict = field(default_factory=dict)


def _participant(ctx) -> dict:
    body = create_participant(
        ctx,
        fundingSources=[{"displayName": "Visa", "fundingType": "card", "providerSourceID": "c-1"}],
    )
    return {"participantID": body["participantID"]}


def _funding_source(ctx) -> dict:
    kwargs = _participant(ctx)
    source = FundingSource.objects.get(enrollment__participant_id=kwargs["participantID"])
    return {**kwargs, "fundingSourceID": source.pk}


def _payout(ctx) -> dict:
    return {"payoutID": make_payment(enroll(ctx.provider), type="payout").id}


def _request(ctx) -> dict:
    return {"requestID": make_payment(enroll(ctx.provider), type="request").id}


def _payment_filters(ctx) -> dict:
    payout = make_payment(enroll(ctx.provider, external_id="tenancy-ext"), type="payout")
    return {
        "participantID": payout.initiator_participant_id,
        "paymentID": payout.id,
        "referenceNumber": payout.reference_number,
        "q": payout.initiator_participant_id,
    }


MISSING_PAYMENT_FILTERS = {
    "participantID": MISSING_PARTICIPANT,
    "paymentID": "po_01ARZ3NDEKTSV4RRFFQ69G5FAV",
    "referenceNumber": "0000000000",
    "q": MISSING_PARTICIPANT,
}


def _limit_group(ctx) -> dict:
    group = limit_services.create_limit_group(
        provider_id=ctx.id, name="Tenancy", ceilings={"dailyAmount": 100}, actor=Actor.system()
    )
    limit_services.add_to_limit_group(
        group_id=group.id,
        enrollment=get_enrollment(ctx.id, _participant(ctx)["participantID"]),
        actor=Actor.system(),
    )
    return {"groupID": group.id}


def _participant_review(ctx) -> dict:
    return {"reviewID": pending_review(ctx.provider).pk}


def _review_command(ctx) -> dict:
    return {"commandID": rejected_command(ctx.provider).pk}


def _payment_review(ctx) -> dict:
    return {"reviewID": payout_in_review(ctx.provider)[1].pk}


def _assessed_payment(ctx) -> dict:
    payout, found = observed_payment(ctx.provider)
    return {"paymentID": payout.pk, "assessmentID": found.pk}


def _event(ctx) -> dict:
    return {"eventID": _webhook_test(ctx)["eventID"]}


def _webhook_endpoint(ctx) -> dict:
    endpoint, _secret = event_services.create_endpoint(
        provider_id=ctx.id, url="https://hooks.example.com/tenancy"
    )
    return {"endpointID": endpoint.pk}


def _webhook_test(ctx) -> dict:
    found = _webhook_endpoint(ctx)
    event = event_services.send_test(provider_id=ctx.id, endpoint_id=found["endpointID"])
    return {"eventID": event.pk, **found}


def _webhook_delivery(ctx) -> dict:
    # An endpoint with a delivery (its test event), so its list renders a row.
    return {"endpointID": _webhook_test(ctx)["endpointID"]}


def _event_filters(ctx) -> dict:
    _webhook_test(ctx)
    return {"type": "webhook.test"}


MISSING_EVENT = "evt_01ARZ3NDEKTSV4RRFFQ69G5FAV"
MISSING_ENDPOINT = "whe_01ARZ3NDEKTSV4RRFFQ69G5FAV"
P = "providers/<str:providerID>/participants"
R = "providers/<str:providerID>/participant-reviews"

CASES: dict[str, RouteCase] = {
    P: RouteCase(bodies={"post": {"externalID": "x"}}),
    f"{P}/<str:participantID>": RouteCase(
        owned=_participant,
        missing={"participantID": MISSING_PARTICIPANT},
        bodies={"patch": {"expectedVersionID": "v", "familyName": "Tenancy"}},
    ),
    f"{P}/<str:participantID>/funding-sources": RouteCase(
        owned=_participant,
        missing={"participantID": MISSING_PARTICIPANT},
        bodies={"post": {"displayName": "Visa", "fundingType": "card", "providerSourceID": "c-2"}},
    ),
    f"{P}/<str:participantID>/funding-sources/<str:fundingSourceID>": RouteCase(
        owned=_funding_source,
        missing={"participantID": MISSING_PARTICIPANT, "fundingSourceID": "fs_missing"},
    ),
    f"{P}/<str:participantID>/suspensions": RouteCase(
        owned=_participant,
        missing={"participantID": MISSING_PARTICIPANT},
        bodies={"post": {"reasonCode": "legal-hold", "expectedVersionID": "v"}},
    ),
    f"{P}/<str:participantID>/reactivations": RouteCase(
        owned=_participant,
        missing={"participantID": MISSING_PARTICIPANT},
        bodies={"post": {"note": "n", "expectedVersionID": "v"}},
    ),
    f"{P}/<str:participantID>/sign-ins": RouteCase(
        owned=_participant,
        missing={"participantID": MISSING_PARTICIPANT},
        bodies={"post": {"device": {"deviceID": "inst-1"}}},
    ),
    "providers/<str:providerID>/tokens": RouteCase(bodies={"post": {"scopes": []}}),
    "providers/<str:providerID>/ledger": RouteCase(
        bodies={
            "put": {
                "authorizeURL": "https://ledger.example.com/a",
                "releaseURL": "https://ledger.example.com/r",
                "captureURL": "https://ledger.example.com/c",
            }
        }
    ),
    f"{P}/<str:participantID>/payments": RouteCase(
        owned=_participant,
        missing={"participantID": MISSING_PARTICIPANT},
        queries=_payment_filters,
        missing_queries={k: v for k, v in MISSING_PAYMENT_FILTERS.items() if k != "participantID"},
    ),
    "providers/<str:providerID>/payments": RouteCase(
        queries=_payment_filters, missing_queries=MISSING_PAYMENT_FILTERS
    ),
    "providers/<str:providerID>/payouts/<str:payoutID>": RouteCase(
        owned=_payout, missing={"payoutID": "po_01ARZ3NDEKTSV4RRFFQ69G5FAV"}
    ),
    "providers/<str:providerID>/requests/<str:requestID>": RouteCase(
        owned=_request, missing={"requestID": "rq_01ARZ3NDEKTSV4RRFFQ69G5FAV"}
    ),
    "providers/<str:providerID>/payouts": RouteCase(bodies={"post": NEW_PAYOUT}),
    "providers/<str:providerID>/payouts/<str:payoutID>/claims": RouteCase(
        owned=_payout,
        missing={"payoutID": MISSING_PAYOUT},
        bodies={"post": {"participantID": MISSING_PARTICIPANT}},
    ),
    "providers/<str:providerID>/payouts/<str:payoutID>/cancellations": RouteCase(
        owned=_payout, missing={"payoutID": MISSING_PAYOUT}
    ),
    "providers/<str:providerID>/requests": RouteCase(bodies={"post": NEW_REQUEST}),
    "providers/<str:providerID>/requests/<str:requestID>/payments": RouteCase(
        owned=_request,
        missing={"requestID": MISSING_REQUEST},
        bodies={"post": {"participantID": MISSING_PARTICIPANT}},
    ),
    "providers/<str:providerID>/requests/<str:requestID>/declines": RouteCase(
        owned=_request,
        missing={"requestID": MISSING_REQUEST},
        bodies={"post": {"participantID": MISSING_PARTICIPANT}},
    ),
    "providers/<str:providerID>/requests/<str:requestID>/cancellations": RouteCase(
        owned=_request, missing={"requestID": MISSING_REQUEST}
    ),
    f"{P}/<str:participantID>/effective-limits": RouteCase(
        owned=_participant, missing={"participantID": MISSING_PARTICIPANT}
    ),
    "providers/<str:providerID>/limits/defaults": RouteCase(),
    "providers/<str:providerID>/limit-groups": RouteCase(),
    "providers/<str:providerID>/limit-groups/<str:groupID>": RouteCase(
        owned=_limit_group, missing={"groupID": MISSING_GROUP}
    ),
    R: RouteCase(bodies={"post": {"participantID": MISSING_PARTICIPANT, "reason": "r"}}),
    f"{R}/<str:reviewID>": RouteCase(
        owned=_participant_review, missing={"reviewID": MISSING_REVIEW}
    ),
    f"{R}/<str:reviewID>/assignment": RouteCase(
        owned=_participant_review,
        missing={"reviewID": MISSING_REVIEW},
        bodies={"put": {"assigneeUserID": "analyst-1", "expectedVersionID": "v"}},
    ),
    f"{R}/<str:reviewID>/suspensions": RouteCase(
        owned=_participant_review,
        missing={"reviewID": MISSING_REVIEW},
        bodies={
            "post": {
                "reason": "r",
                "reasonCode": "other",
                "expectedVersionID": "v",
                "expectedRelationshipVersionID": "v",
            }
        },
    ),
    "providers/<str:providerID>/review-commands/<str:commandID>": RouteCase(
        owned=_review_command, missing={"commandID": "cmd_01ARZ3NDEKTSV4RRFFQ69G5FAV"}
    ),
    "providers/<str:providerID>/reviews/<str:reviewID>/resolutions": RouteCase(
        owned=_payment_review,
        missing={"reviewID": "pyr_01ARZ3NDEKTSV4RRFFQ69G5FAV"},
        bodies={"post": {"resolution": "rejected"}},
    ),
    f"{P}/<str:participantID>/risk-assessments": RouteCase(
        owned=_participant, missing={"participantID": MISSING_PARTICIPANT}
    ),
    (
        "providers/<str:providerID>/payments/<str:paymentID>/risk-assessments/"
        "<str:assessmentID>/device-observations"
    ): RouteCase(
        owned=_assessed_payment,
        missing={
            "paymentID": "po_01ARZ3NDEKTSV4RRFFQ69G5FAV",
            "assessmentID": "ra_01ARZ3NDEKTSV4RRFFQ69G5FAV",
        },
    ),
    "providers/<str:providerID>/events": RouteCase(
        queries=_event_filters, missing_queries={"type": "participant.denied"}
    ),
    "providers/<str:providerID>/events/<str:eventID>": RouteCase(
        owned=_event, missing={"eventID": MISSING_EVENT}
    ),
    "providers/<str:providerID>/events/<str:eventID>/redeliveries": RouteCase(
        owned=_event, missing={"eventID": MISSING_EVENT}
    ),
    "providers/<str:providerID>/webhook-endpoints": RouteCase(
        bodies={"post": {"url": "https://hooks.example.com/x"}}
    ),
    "providers/<str:providerID>/webhook-endpoints/<str:endpointID>": RouteCase(
        owned=_webhook_endpoint,
        missing={"endpointID": MISSING_ENDPOINT},
        bodies={"patch": {"description": "tenancy"}},
    ),
    "providers/<str:providerID>/webhook-endpoints/<str:endpointID>/deliveries": RouteCase(
        owned=_webhook_delivery, missing={"endpointID": MISSING_ENDPOINT}
    ),
    "providers/<str:providerID>/webhook-endpoints/<str:endpointID>/secret-rotations": RouteCase(
        owned=_webhook_endpoint, missing={"endpointID": MISSING_ENDPOINT}
    ),
    "providers/<str:providerID>/webhook-endpoints/<str:endpointID>/tests": RouteCase(
        owned=_webhook_endpoint, missing={"endpointID": MISSING_ENDPOINT}
    ),
}
