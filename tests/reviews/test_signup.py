"""Signup over HTTP: the create answers 201, the onboarding task assesses the participant, and
the decision shows in its status, its risk assessments and the review queue."""

import pytest

from common.hooks import HookNotRegistered
from participants import risk as participant_risk
from participants import services as participant_services
from participants.models import Participant
from reviews.models import ParticipantReview
from risk.models import RiskAssessment
from risk.signals import SIGNAL_ORDER
from tests.participants.factories import create_participant
from tests.risk.rules import listed, rule, signal_rule

pytestmark = pytest.mark.django_db


@pytest.fixture
def signup(provider, django_capture_on_commit_callbacks):
    """POST a participant and run the onboarding task it enqueued; the participant's read."""

    def post(**overrides) -> dict:
        with django_capture_on_commit_callbacks(execute=True):
            created = create_participant(provider, **overrides)
        response = provider.client.get(provider.url(f"/participants/{created['participantID']}"))
        assert response.status_code == 200
        return response.json()

    return post


def assessments(provider, participant_id) -> list[dict]:
    url = provider.url(f"/participants/{participant_id}/risk-assessments")
    response = provider.client.get(url)
    assert response.status_code == 200, response.content
    return response.json()["assessments"]


def test_an_allowed_signup_is_active_with_its_assessment_listed(provider, signup):
    rule("phone_country_mismatch", events=("signup",), points=15, name="Phone abroad")
    read = signup(address={**_address(), "country": "GB"})  # a +1 phone, a GB address
    assert read["status"] == "active"
    [found] = assessments(provider, read["participantID"])
    assert found["decision"] == "allow" and found["score"] == 15 and found["level"] == "low"
    assert found["participantID"] == read["participantID"] and "paymentID" not in found
    assert found["reasons"] == ["No phone in the address country GB (+44); phones: +1"]
    assert [r["name"] for r in found["rules"]] == ["Phone abroad"]
    signals = found["customerEvidence"]["signals"]
    assert [signal["key"] for signal in signals] == list(SIGNAL_ORDER)
    assert {signal["value"] for signal in signals} == {"low", "unknown"}  # no email: unknown
    assert "transactionEvidence" not in found and "reviewIDs" not in found
    assert not ParticipantReview.objects.exists()


def test_a_review_decision_opens_a_participant_review_linked_to_the_assessment(provider, signup):
    listed("pep_name", "Maria Costa", "medium")
    signal_rule("pepLevel", "medium", events=("signup",), points=30, outcome="review")
    read = signup(givenName="Maria", familyName="Costa")
    assert read["status"] == "active"  # a review does not hold the account
    [found] = assessments(provider, read["participantID"])
    assert found["decision"] == "review"
    review = ParticipantReview.objects.get(participant_id=read["participantID"])
    assert review.status == "pending" and review.provider_id == provider.id
    assert review.reason == ""  # opened by the engine: the assessment says why
    assert list(review.assessments.values_list("id", flat=True)) == [found["assessmentID"]]
    assert found["reviewIDs"] == [review.pk]
    listed_reviews = provider.client.get(provider.url("/participant-reviews")).json()["reviews"]
    assert [(r["reviewID"], r["assessmentIDs"]) for r in listed_reviews] == [
        (review.pk, [found["assessmentID"]])
    ]
    assert "reason" not in listed_reviews[0]


def test_a_deny_decision_makes_the_participant_denied(provider, signup):
    listed("sanctioned_name", "Ivan Petrov", "high")
    signal_rule("sanctionLevel", "high", events=("signup",), points=100, outcome="deny")
    read = signup(givenName="Ivan", familyName="Petrov")
    assert read["status"] == "denied"
    [found] = assessments(provider, read["participantID"])
    assert (found["decision"], found["score"], found["level"]) == ("deny", 100, "very_high")
    assert not ParticipantReview.objects.exists()


def test_onboarding_runs_the_assessment_once(provider, signup):
    read = signup()
    # A redelivered task finds the participant onboarded and changes nothing.
    participant_services.finish_onboarding(participant_id=read["participantID"])
    assert RiskAssessment.objects.filter(participant_id=read["participantID"]).count() == 1


def test_without_a_signup_assessor_onboarding_lets_nobody_through(provider):
    """Fail closed: with the hook empty the participant stays pending, unassessed; onboarding
    run again once an assessor is back finishes it."""
    # Its onboarding task waits for a commit that never comes inside this test's transaction.
    participant_id = create_participant(provider)["participantID"]
    assert Participant.objects.get(pk=participant_id).status == "pending"
    missing = pytest.raises(HookNotRegistered, match=r"participants\.signup_assessor")
    with participant_risk.assessor.replaced(None), missing:
        participant_services.finish_onboarding(participant_id=participant_id)
    assert Participant.objects.get(pk=participant_id).status == "pending"
    assert not RiskAssessment.objects.filter(participant_id=participant_id).exists()
    participant_services.finish_onboarding(participant_id=participant_id)
    assert Participant.objects.get(pk=participant_id).status == "active"
    assert RiskAssessment.objects.filter(participant_id=participant_id).count() == 1


def _address() -> dict:
    return {
        "addressLine1": "1 Main St",
        "city": "Springfield",
        "stateOrProvince": "IL",
        "postalCode": "62701",
        "country": "US",
    }
