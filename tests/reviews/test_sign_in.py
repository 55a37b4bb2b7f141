"""Sign-ins: staff record them with `record_sign_in` (the service does not run sign-in
itself); a review or deny decision opens or adds to a participant review."""

import json
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from common.devices import Device
from reviews import screening
from reviews.models import ParticipantReview
from risk.models import DeviceObservation, RiskAssessment
from tests.payments.factories import enroll
from tests.risk.rules import listed, rule, signal_rule

pytestmark = pytest.mark.django_db

PIXEL = [
    "--device-type", "mobile", "--device-model", "Pixel 8", "--device-os", "Android",
    "--device-os-version", "15", "--device-city", "Lagos", "--device-region", "LA",
]  # fmt: skip


@pytest.fixture
def alice(provider):
    return enroll(provider.provider, external_id="cust-alice")


@pytest.fixture
def record(provider, capsys):
    def run(participant: str, *args: str) -> dict:
        call_command(
            "record_sign_in", "--provider", provider.id, "--participant", participant, *args,
            "--json",
        )  # fmt: skip
        return json.loads(capsys.readouterr().out)

    return run


def test_record_sign_in_prints_the_assessment(provider, alice, record):
    rule("new_device", events=("sign_in",), points=30, name="New device")
    out = record("cust-alice", *PIXEL)
    assert set(out) == {"assessmentID", "decision", "score", "level"}
    assert (out["decision"], out["score"], out["level"]) == ("allow", 30.0, "medium")
    found = RiskAssessment.objects.get(pk=out["assessmentID"])
    assert (found.event, found.provider_id, found.participant_id, found.payment_id) == (
        "sign_in",
        provider.id,
        alice.participant_id,
        None,
    )
    observation = DeviceObservation.objects.get(assessment=found)
    assert (observation.device_type, observation.model, observation.os) == (
        "mobile",
        "Pixel 8",
        "Android",
    )
    assert (observation.os_version, observation.city, observation.region) == ("15", "Lagos", "LA")
    assert observation.observed_on == found.assessed_on
    # The same device again is known.
    assert record(alice.participant_id, *PIXEL)["score"] == 0


def test_record_sign_in_records_the_device_id_address_and_user_agent(alice, record):
    rule("new_device", events=("sign_in",), points=30, name="New device")
    identified = [
        *PIXEL, "--device-id", "and-inst-1", "--device-ip", "198.51.100.9",
        "--device-user-agent", "Wallet/4.2 (Linux; Android 15)",
    ]  # fmt: skip
    out = record("cust-alice", *identified)
    observation = DeviceObservation.objects.get(assessment_id=out["assessmentID"])
    assert (observation.device_id, observation.ip_address, observation.network) == (
        "and-inst-1",
        "198.51.100.9",
        "198.51.100.0/24",
    )
    assert observation.user_agent == "Wallet/4.2 (Linux; Android 15)"
    assert out["score"] == 30
    # The same model with another identifier is another device; the same identifier is known.
    assert record("cust-alice", *PIXEL, "--device-id", "and-inst-2")["score"] == 30
    assert record("cust-alice", "--device-id", "and-inst-1")["score"] == 0


def test_the_sign_in_is_listed_with_the_participants_assessments(provider, alice, record):
    out = record("cust-alice")  # no device flags: nothing observed
    assert out == {
        "assessmentID": out["assessmentID"],
        "decision": "allow",
        "score": 0.0,
        "level": "low",
    }
    url = provider.url("/participants/cust-alice/risk-assessments")
    listed = provider.client.get(url).json()["assessments"]
    # The signup assessment first (onboarding ran), then the sign-in.
    assert [a["assessmentID"] for a in listed][-1] == out["assessmentID"]
    assert listed[-1]["score"] == 0 and "paymentID" not in listed[-1]
    assert not DeviceObservation.objects.exists()


def test_a_sign_in_burst_opens_a_review_and_later_ones_add_to_it(alice, record):
    rule("sign_ins_in_window", threshold=3, window=10, events=("sign_in",), points=40,
         outcome="review")  # fmt: skip
    assert "reviewID" not in record("cust-alice")
    assert "reviewID" not in record("cust-alice")
    third = record("cust-alice")
    assert third["decision"] == "review" and third["reviewID"]
    fourth = record("cust-alice")
    assert fourth["reviewID"] == third["reviewID"]  # one pending review per participant
    review = ParticipantReview.objects.get(pk=third["reviewID"])
    assert review.status == "pending" and review.reason == ""
    assert list(review.assessments.values_list("id", flat=True)) == [
        third["assessmentID"],
        fourth["assessmentID"],
    ]


def test_a_deny_at_sign_in_opens_a_review(alice, record):
    listed("sanctioned_name", "Ada Lovelace", "very_high")
    signal_rule("sanctionLevel", "high", events=("sign_in",), points=100, outcome="deny")
    out = record("cust-alice")
    assert out["decision"] == "deny" and out["reviewID"]
    assert ParticipantReview.objects.get(pk=out["reviewID"]).participant_id == alice.participant_id


def test_a_sign_in_can_be_recorded_for_an_earlier_time(alice):
    at = timezone.now() - timedelta(hours=2)
    assessed = screening.assess_sign_in(alice, device=Device(device_type="desktop"), at=at)
    assert assessed.assessment.assessed_on == at and assessed.review_id is None
    assert assessed.assessment.device_observations.get().observed_on == at


@pytest.mark.parametrize(
    "args",
    [
        ("cust-nobody",),
        ("cust-alice", "--device-type", "tablet"),
        ("cust-alice", "--device-model", "x" * 129),
        ("cust-alice", "--device-ip", "203.0.113.256"),
        ("cust-alice", "--device-id", "x" * 129),
    ],
)
def test_record_sign_in_refuses_what_it_cannot_record(alice, record, args):
    with pytest.raises(CommandError):
        record(*args)
    assert not RiskAssessment.objects.filter(event="sign_in").exists()


def test_another_providers_participant_is_not_found(alice, other_provider, capsys):
    with pytest.raises(CommandError):
        call_command(
            "record_sign_in", "--provider", other_provider.id, "--participant",
            alice.participant_id,
        )  # fmt: skip
