"""GET …/participants/{participantID}/risk-assessments: oldest first by (assessedOn,
assessmentID); signup and sign-in assessments plus the provider's own activity; cursors bound
to the provider and participant; unknown optional fields omitted."""

from datetime import timedelta

import pytest
from django.utils import timezone

from api import scopes
from participants.models import Enrollment
from risk.models import RiskAssessment
from risk.rendering import render_risk_assessment as assessment_data
from tests.payments.factories import enroll, make_payment
from tests.problems import NO_PARTICIPANT, assert_not_found, without_occurrence
from tests.reviews.factories import payout_in_review, pending_review
from tests.risk.factories import assessment, observed_payment

pytestmark = pytest.mark.django_db


def url(ctx, participant: str) -> str:
    return ctx.url(f"/participants/{participant}/risk-assessments")


def listed(ctx, participant: str, **params) -> dict:
    response = ctx.client.get(url(ctx, participant), params)
    assert response.status_code == 200, response.content
    return response.json()


def ids(body: dict) -> list[str]:
    return [item["assessmentID"] for item in body["assessments"]]


@pytest.fixture
def alice(provider):
    enrollment = enroll(provider.provider, external_id="cust-alice")
    # Start from no assessments: onboarding made a signup one.
    RiskAssessment.objects.filter(participant_id=enrollment.participant_id).delete()
    return enrollment


def also_enrolled(ctx, enrollment) -> Enrollment:
    """The same person enrolled with another provider (as `their-alice`)."""
    return Enrollment.objects.create(
        provider=ctx.provider,
        participant=enrollment.participant,
        external_id="their-alice",
        given_name=enrollment.given_name,
        family_name=enrollment.family_name,
        address_line1="1 Main St",
        city="Springfield",
        state_or_province="IL",
        postal_code="62701",
        country="US",
    )


def made(provider, alice, minutes_ago=0, at=None, **fields):
    at = at or timezone.now() - timedelta(minutes=minutes_ago)
    return assessment(
        provider_id=provider.id, participant_id=alice.participant_id, assessed_on=at, **fields
    ).pk


def test_ordered_by_assessment_time_then_id_oldest_first(provider, alice):
    same_time = timezone.now() - timedelta(minutes=5)
    late = made(provider, alice, 1)
    tied = sorted([made(provider, alice, at=same_time), made(provider, alice, at=same_time)])
    early = made(provider, alice, 30)
    body = listed(provider, "cust-alice")
    assert ids(body) == [early, *tied, late]
    assert body["hasMore"] is False and "nextCursor" not in body


def test_the_path_takes_the_participant_id_or_the_external_id(provider, alice):
    one = made(provider, alice)
    assert (
        ids(listed(provider, alice.participant_id)) == ids(listed(provider, "cust-alice")) == [one]
    )


def test_pagination_walks_every_assessment_once(provider, alice):
    expected = [made(provider, alice, minutes) for minutes in (50, 40, 30, 20, 10)]
    seen, cursor, pages = [], None, 0
    while True:
        body = listed(provider, "cust-alice", limit=2, **({"cursor": cursor} if cursor else {}))
        seen += ids(body)
        pages += 1
        if not body["hasMore"]:
            assert "nextCursor" not in body
            break
        cursor = body["nextCursor"]
    assert seen == expected and pages == 3


def test_signup_and_sign_in_of_every_provider_but_only_this_providers_activity(
    provider, other_provider, alice
):
    """The same person enrolled with a second provider: its account events are visible to
    both, its payments' assessments only to the provider that made them."""
    also_enrolled(other_provider, alice)
    their_signup = made(other_provider, alice, 40, event="signup")
    their_sign_in = made(other_provider, alice, 30, event="sign_in")
    their_payment = made(other_provider, alice, 20, payment=make_payment(alice))
    mine = made(provider, alice, 10, payment=make_payment(alice))
    assert ids(listed(provider, "cust-alice")) == [their_signup, their_sign_in, mine]
    assert ids(listed(other_provider, "their-alice")) == [
        their_signup,
        their_sign_in,
        their_payment,
    ]


def test_a_cursor_is_bound_to_the_provider_and_the_participant(provider, other_provider, alice):
    for minutes in (3, 2, 1):
        made(provider, alice, minutes)
    cursor = listed(provider, "cust-alice", limit=1)["nextCursor"]
    enroll(provider.provider, external_id="cust-bob")
    response = provider.client.get(url(provider, "cust-bob"), {"cursor": cursor})
    assert response.status_code == 400
    assert response.json()["type"].endswith("#invalid-cursor")
    for bad in ("garbage", cursor[:-2] + "xx"):
        response = provider.client.get(url(provider, "cust-alice"), {"cursor": bad})
        assert response.status_code == 400 and response.json()["type"].endswith("#invalid-cursor")
    # The same participant's list reached by participantID shares the cursor.
    assert (
        provider.client.get(url(provider, alice.participant_id), {"cursor": cursor}).status_code
        == 200
    )


@pytest.mark.parametrize("limit", ["0", "101", "x"])
def test_a_limit_out_of_range_is_400(provider, alice, limit):
    assert provider.client.get(url(provider, "cust-alice"), {"limit": limit}).status_code == 400


def test_another_providers_participant_is_404_like_a_missing_one(provider, other_provider):
    theirs = enroll(other_provider.provider, external_id="their-bob")
    missing = provider.client.get(url(provider, "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user"))
    for ref in (theirs.participant_id, "their-bob"):
        response = provider.client.get(url(provider, ref))
        assert_not_found(response, NO_PARTICIPANT)
        assert without_occurrence(response.json()) == without_occurrence(missing.json())


def test_the_read_scope_is_required(provider, alice):
    client = provider.client_with_scopes(scopes.PARTICIPANTS_READ)
    assert client.get(url(provider, "cust-alice")).status_code == 403
    client = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_READ)
    assert client.get(url(provider, "cust-alice")).status_code == 200


def test_review_ids_are_only_this_providers_and_omitted_when_none(provider, other_provider, alice):
    linked = made(provider, alice, 10)
    lonely = made(provider, alice, 5)
    mine = pending_review(provider.provider, alice, assessment_id=linked)
    # Another provider's review of its own record of the same person links the assessment.
    theirs = also_enrolled(other_provider, alice)
    pending_review(other_provider.provider, theirs, assessment_id=linked)
    body = listed(provider, "cust-alice")
    by_id = {item["assessmentID"]: item for item in body["assessments"]}
    assert by_id[linked]["reviewIDs"] == [mine.pk]
    assert "reviewIDs" not in by_id[lonely]


def test_a_payments_review_ids_include_its_payment_review(provider):
    payout, review = payout_in_review(provider.provider)
    items = listed(provider, payout.initiator_participant_id)["assessments"]
    [of_payment] = [item for item in items if item.get("paymentID") == payout.id]
    assert of_payment["reviewIDs"] == [review.pk]


def test_every_unknown_optional_field_is_omitted(provider, alice):
    bare = made(
        provider,
        alice,
        decision="allow",
        level="",
        score=None,
        reasons=[],
        signals=[],
        rules=[],
        transaction_level="",
        aml_level="",
    )
    [item] = listed(provider, "cust-alice")["assessments"]
    assert item == {
        "assessmentID": bare,
        "participantID": alice.participant_id,
        "assessedOn": item["assessedOn"],
        "decision": "allow",
    }


STAFF_SNAPSHOT = {
    "ruleID": 7,
    "name": "New phone",
    "isLive": False,
    "isAllowlisted": False,
    "points": 10,
    "outcome": "none",
    "detail": "First payment",
    "counted": False,
}


def test_a_recorded_zero_score_and_partial_evidence_are_rendered(provider, alice):
    made(
        provider,
        alice,
        payment=make_payment(alice),
        decision="allow",
        level="low",
        score=0.0,
        reasons=["First payment to +14155550199"],
        signals=[{"key": "pepLevel", "value": "unknown"}],
        rules=[STAFF_SNAPSHOT],
        transaction_level="low",
        aml_level="",
    )
    [item] = listed(provider, "cust-alice")["assessments"]
    assert item["score"] == 0 and item["level"] == "low"
    assert item["customerEvidence"] == {"signals": [{"key": "pepLevel", "value": "unknown"}]}
    assert item["transactionEvidence"] == {"level": "low"}
    # Staff-only keys of the snapshot stay out of the API.
    assert item["rules"] == [
        {"ruleID": 7, "name": "New phone", "isLive": False, "isAllowlisted": False}
    ]


CONTRACT_FIELDS = {
    "assessmentID", "participantID", "paymentID", "assessedOn", "decision", "level", "score",
    "reasons", "customerEvidence", "transactionEvidence", "rules", "reviewIDs",
}  # fmt: skip


def test_the_list_shows_no_device_observations(provider):
    payout, found = observed_payment(provider.provider, timed=2, untimed=1)
    items = listed(provider, payout.initiator_participant_id)["assessments"]
    [observed] = [item for item in items if item["assessmentID"] == found.pk]
    assert set(observed) <= CONTRACT_FIELDS
    assert "Pixel" not in str(observed) and "Lagos" not in str(observed)


def test_an_assessment_with_no_known_subject_omits_participant_id():
    """The list is per participant, so it never shows one; the shape leaves it out."""
    unknown = RiskAssessment(event="sign_in", decision="allow", participant=None, payment=None)
    body = assessment_data(unknown, [])
    assert "participantID" not in body and "paymentID" not in body
    assert set(body) == {"assessmentID", "assessedOn", "decision"}
