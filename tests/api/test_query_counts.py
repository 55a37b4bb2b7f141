"""Every list and detail endpoint costs a constant number of queries whatever the page size
(limit=1 and limit=100 make the same number over a page with several rows, each with several
children), and GET participant stays within three queries, authentication included, on
PostgreSQL."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.actors import Actor
from events import services as event_services
from limits import services as limit_services
from participants.selectors import get_enrollment
from payments.models import Operation
from reviews.models import ParticipantReview
from reviews.services import participant_reviews
from tests.conftest import is_postgres
from tests.participants.factories import create_participant
from tests.payments.factories import enroll, make_payment
from tests.reviews.factories import pending_review
from tests.risk.factories import assessment, observed_payment

ROWS = 4


def _queries(ctx, path: str) -> int:
    # Authentication writes the key's last use at most once a minute: not the page's cost.
    ctx.client.get(ctx.url("/limits/defaults"))
    with CaptureQueriesContext(connection) as captured:
        response = ctx.client.get(ctx.url(path))
    assert response.status_code == 200, response.content
    return len(captured)


def _rich_participants(ctx) -> list[str]:
    """Participants with two phones, two emails, two limit groups and two sources each."""
    groups = [
        limit_services.create_limit_group(
            provider_id=ctx.id, name=f"G{n}", ceilings={"dailySendCount": 9}, actor=Actor.system()
        )
        for n in range(2)
    ]
    ids = []
    for n in range(ROWS):
        body = create_participant(
            ctx,
            phones=[
                {"countryCode": "1", "number": f"41555{n:03d}01"},
                {"countryCode": "1", "number": f"41555{n:03d}02"},
            ],
            emails=[f"a{n}@example.com", f"b{n}@example.com"],
            fundingSources=[
                {"displayName": "Visa", "fundingType": "card", "providerSourceID": f"c-{n}"},
                {"displayName": "Chk", "fundingType": "bank_account", "providerSourceID": f"b-{n}"},
            ],
        )
        enrollment = get_enrollment(ctx.id, body["participantID"])
        for group in groups:
            limit_services.add_to_limit_group(
                group_id=group.pk, enrollment=enrollment, actor=Actor.system()
            )
        ids.append(body["participantID"])
    return ids


def _payments(ctx) -> dict:
    sender = enroll(ctx.provider, external_id="qc-sender", sources=("card", "bank"))
    payouts = [make_payment(sender, type="payout", memo=f"m{n}") for n in range(ROWS)]
    requests = [make_payment(sender, type="request") for _ in range(ROWS)]
    return {"sender": sender, "payout": payouts[0], "request": requests[0]}


def _reviews(ctx) -> str:
    reviews = [pending_review(ctx.provider) for _ in range(ROWS)]
    for review in reviews:
        for _ in range(2):
            found = assessment(provider_id=ctx.id, participant_id=review.participant_id)
            participant_reviews.open_or_add(
                enrollment_id=review.enrollment_id,
                reason="again",
                assessment_id=found.pk,
                actor=Actor.system(),
            )
    return reviews[0].pk


@pytest.mark.parametrize(
    "case",
    [
        "participants",
        "funding-sources",
        "payments",
        "participant-payments",
        "participant-reviews",
        "risk-assessments",
        "device-observations",
        "events",
        "limit-groups",
        "webhook-endpoints",
    ],
)
def test_a_list_costs_the_same_queries_for_1_and_100_rows(provider, case):
    if case == "participants":
        _rich_participants(provider)
        path = "/participants"
    elif case == "funding-sources":
        path = f"/participants/{_rich_participants(provider)[0]}/funding-sources"
    elif case == "payments":
        _payments(provider)
        path = "/payments"
    elif case == "participant-payments":
        path = f"/participants/{_payments(provider)['sender'].external_id}/payments"
    elif case == "participant-reviews":
        _reviews(provider)
        path = "/participant-reviews"
    elif case == "risk-assessments":
        enrollment = enroll(provider.provider, external_id="qc-risk")
        for _ in range(ROWS):
            assessment(provider_id=provider.id, participant_id=enrollment.participant_id)
        path = "/participants/qc-risk/risk-assessments"
    elif case == "device-observations":
        payout, found = observed_payment(provider.provider, timed=ROWS, untimed=1)
        path = f"/payments/{payout.pk}/risk-assessments/{found.pk}/device-observations"
    elif case == "events":
        endpoint, _ = event_services.create_endpoint(
            provider_id=provider.id, url="https://hooks.example.com/q"
        )
        for _ in range(ROWS):
            event_services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
        path = "/events"
    elif case == "limit-groups":
        _rich_participants(provider)
        path = "/limit-groups"
    else:
        for n in range(ROWS):
            event_services.create_endpoint(
                provider_id=provider.id, url=f"https://hooks.example.com/{n}"
            )
        path = "/webhook-endpoints"
    joiner = "&" if "?" in path else "?"
    assert _queries(provider, f"{path}{joiner}limit=1") == _queries(
        provider, f"{path}{joiner}limit=100"
    )


@pytest.mark.parametrize("kind", ["payout", "request"])
def test_a_payment_detail_costs_the_same_whatever_it_holds(provider, kind):
    found = _payments(provider)
    plain = found[kind]
    path = "/payouts" if kind == "payout" else "/requests"
    before = _queries(provider, f"{path}/{plain.pk}")
    for op_type in ("authorize", "capture", "disburse"):
        Operation.objects.create(payment=plain, type=op_type, rail="core_hold")
    assert _queries(provider, f"{path}/{plain.pk}") == before


def test_a_review_detail_costs_the_same_whatever_it_holds(provider):
    review_id = _reviews(provider)
    quiet = pending_review(provider.provider)
    busy = ParticipantReview.objects.get(pk=review_id)
    assert _queries(provider, f"/participant-reviews/{quiet.pk}") == _queries(
        provider, f"/participant-reviews/{busy.pk}"
    )


def test_get_participant_is_at_most_three_queries_with_authentication(provider):
    participant_id = _rich_participants(provider)[0]
    count = _queries(provider, f"/participants/{participant_id}")
    if is_postgres():
        assert count <= 3
    else:
        assert count <= 6  # SQLite prefetches phones, emails and groups one query each
