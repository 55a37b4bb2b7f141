"""POST /providers/{providerID}/participants/{participantID}/sign-ins: the provider records a
participant's sign-in with the device it saw; it is assessed as `record_sign_in` assesses it,
answered with the assessment as the risk-assessment list shows it, and replayed by its key."""

from datetime import timedelta

import pytest
from django.utils import timezone

from api import scopes
from reviews.api.views import SIGN_IN_EXAMPLES
from reviews.models import ParticipantReview
from risk.models import DeviceObservation, RiskAssessment
from tests.payments.factories import enroll
from tests.problems import NO_PARTICIPANT, PROBLEM, assert_not_found, without_occurrence
from tests.risk.rules import rule
from tests.schema import assert_matches_response

pytestmark = pytest.mark.django_db

PATH = "/providers/{providerID}/participants/{participantID}/sign-ins"
# The documented example's device: the example is a request that works.
PHONE = SIGN_IN_EXAMPLES[0].value["device"]


@pytest.fixture
def alice(provider):
    return enroll(provider.provider, external_id="cust-alice")


def sign_in(ctx, participant="cust-alice", body=None, key="k-1", client=None):
    body = {"device": PHONE} if body is None else body
    return (client or ctx.client).post(
        ctx.url(f"/participants/{participant}/sign-ins"),
        body,
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )


def test_a_sign_in_is_assessed_and_answered_with_its_assessment(provider, alice):
    rule("new_device", events=("sign_in",), points=30, name="New device")
    response = sign_in(provider)
    assert response.status_code == 201, response.content
    assert response["X-Idempotency-Key"] == "k-1"
    body = response.json()
    assert_matches_response(body, PATH, method="post", status="201")
    found = RiskAssessment.objects.get(pk=body["assessment"]["assessmentID"])
    assert (found.event, found.provider_id, found.participant_id) == (
        "sign_in",
        provider.id,
        alice.participant_id,
    )
    assert body["assessment"]["decision"] == "allow" and body["assessment"]["score"] == 30
    assert body["assessment"]["reasons"] == ["New device: inst-7f3a9c (mobile iPhone 15 iOS)"]
    observation = DeviceObservation.objects.get(assessment=found)
    assert (observation.device_id, observation.ip_address, observation.network) == (
        "inst-7f3a9c",
        "203.0.113.7",
        "203.0.113.0/24",
    )
    assert observation.user_agent == PHONE["userAgent"] and observation.city == "San Francisco"
    # The list renders it the same way.
    listed = provider.client.get(provider.url("/participants/cust-alice/risk-assessments"))
    assert listed.json()["assessments"][-1] == body["assessment"]
    # The same identifier again is a known device.
    again = sign_in(provider, alice.participant_id, key="k-2").json()["assessment"]
    assert again["score"] == 0 and "reasons" not in again


def test_a_review_decision_opens_a_participant_review_named_by_the_assessment(provider, alice):
    rule("new_device", events=("sign_in",), points=70, outcome="review", name="New device")
    body = sign_in(provider).json()["assessment"]
    assert body["decision"] == "review"
    [review_id] = body["reviewIDs"]
    review = ParticipantReview.objects.get(pk=review_id)
    assert (review.participant_id, review.status) == (alice.participant_id, "pending")
    listed = provider.client.get(provider.url("/participants/cust-alice/risk-assessments"))
    assert listed.json()["assessments"][-1]["reviewIDs"] == [review_id]


def test_an_empty_device_and_an_earlier_time_are_recorded_as_given(provider, alice):
    at = (timezone.now() - timedelta(hours=3)).replace(microsecond=0)
    response = sign_in(provider, body={"device": {}, "signedInOn": at.isoformat()})
    assert response.status_code == 201, response.content
    found = RiskAssessment.objects.get(pk=response.json()["assessment"]["assessmentID"])
    assert found.assessed_on == at and not found.device_observations.exists()


def test_a_replay_answers_the_same_and_records_one_sign_in(provider, alice):
    first = sign_in(provider)
    second = sign_in(provider)
    assert second.status_code == 201 and second.content == first.content
    assert RiskAssessment.objects.filter(event="sign_in").count() == 1
    changed = sign_in(provider, body={"device": {**PHONE, "deviceID": "inst-other"}})
    assert changed.status_code == 409
    assert changed.json()["type"].endswith("#idempotency-key-reused")


def test_the_key_is_required(provider, alice):
    response = provider.client.post(
        provider.url("/participants/cust-alice/sign-ins"), {"device": PHONE}, format="json"
    )
    assert response.status_code == 400 and response["Content-Type"] == PROBLEM
    assert not RiskAssessment.objects.filter(event="sign_in").exists()


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({}, "/device"),
        ({"device": "iPhone"}, "/device"),
        ({"device": {**PHONE, "ipAddress": "203.0.113.300"}}, "/device/ipAddress"),
        ({"device": {**PHONE, "deviceID": "x" * 129}}, "/device/deviceID"),
        ({"device": {**PHONE, "deviceType": "tablet"}}, "/device/deviceType"),
        ({"device": PHONE, "signedInOn": "yesterday"}, "/signedInOn"),
        ({"device": PHONE, "signedInOn": "2020-01-01T00:00:00Z"}, "/signedInOn"),
        ({"device": PHONE, "signedInOn": "2999-01-01T00:00:00Z"}, "/signedInOn"),
    ],
)
def test_bad_input_is_a_validation_problem(provider, alice, body, pointer):
    response = sign_in(provider, body=body)
    assert response.status_code == 422, response.content
    problem = response.json()
    assert response["Content-Type"] == PROBLEM
    assert problem["type"].endswith("#invalid-request")
    assert [error["pointer"] for error in problem["errors"]] == [pointer]
    assert not RiskAssessment.objects.filter(event="sign_in").exists()
    # The key stays free: the corrected request with it succeeds.
    assert sign_in(provider).status_code == 201


def test_another_providers_participant_is_not_found_like_a_missing_one(
    provider, other_provider, alice
):
    foreign = sign_in(other_provider, alice.participant_id)
    missing = sign_in(other_provider, "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user", key="k-2")
    assert without_occurrence(assert_not_found(foreign, NO_PARTICIPANT)) == without_occurrence(
        assert_not_found(missing, NO_PARTICIPANT)
    )
    assert not RiskAssessment.objects.filter(event="sign_in").exists()


@pytest.mark.parametrize(
    "granted",
    [(scopes.PARTICIPANTS_WRITE,), (scopes.PARTICIPANT_REVIEWS_READ,), (scopes.PARTICIPANTS_READ,)],
)
def test_it_needs_participant_write_and_review_read(provider, alice, granted):
    client = provider.client_with_scopes(*granted)
    assert sign_in(provider, client=client).status_code == 403
    both = provider.client_with_scopes(scopes.PARTICIPANTS_WRITE, scopes.PARTICIPANT_REVIEWS_READ)
    assert sign_in(provider, client=both, key="k-2").status_code == 201
