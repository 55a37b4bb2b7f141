"""Payments through the engine end to end: the assessment is made in the creation transaction,
a review holds a payout (a payment review) or reviews a requester (a participant review), a
deny makes no ledger call, and the score reaches the provider's ledger as fraudScore, over
real HTTP to the sandbox ledger of the live test server."""

import json

import pytest
from django.core.management import call_command

from common.devices import Device
from ledger import selectors as ledger_selectors
from ledger.sandbox import protocol
from reviews.models import ParticipantReview, PaymentReview
from risk.models import DeviceObservation, RiskAssessment
from tests.payments.factories import enroll, new_payout, new_request
from tests.reviews.factories import pending_review
from tests.risk.rules import rule

PIXEL = Device(device_type="mobile", model="Pixel 8", os="Android", os_version="15", city="Lagos")


@pytest.fixture
def authorize_claims(monkeypatch) -> list[dict]:
    """The `service` claims of every authorize the sandbox ledger decrypted."""
    seen = []
    parse = protocol.parse

    def spy(endpoint, service):
        if endpoint == "authorize":
            seen.append(service)
        return parse(endpoint, service)

    monkeypatch.setattr(protocol, "parse", spy)
    return seen


def payout(provider, sender, amount_minor, device=None):
    return new_payout(provider, sender, amount_minor=amount_minor, device=device)


def large_payments_reviewed():
    rule("amount_at_least", threshold=500, points=40, outcome="review", name="Large payment")
    rule("new_counterparty_phone", points=10, name="New phone")


def test_a_review_puts_the_payout_on_hold_with_a_payment_review(
    sandbox_ledger, provider, authorize_claims
):
    large_payments_reviewed()
    alice = enroll(provider.provider)
    held = payout(provider.provider, alice, 60000, device=PIXEL)
    [assessment] = RiskAssessment.objects.filter(payment_id=held.id)
    [review] = PaymentReview.objects.filter(payment_id=held.id)
    assert (assessment.decision, assessment.score, assessment.level) == ("review", 50.0, "high")
    assert (assessment.provider_id, assessment.participant_id) == (
        provider.id,
        alice.participant_id,
    )
    assert review.status == "pending" and review.assessment_id == assessment.pk
    assert review.reason == "Amount 600.00 USD is at least 500.00; First payment to +14155550123"

    detail = provider.client.get(provider.url(f"/payouts/{held.id}")).json()["payout"]
    assert detail["status"] == "authorized" and detail["hold"]["active"] is True
    assert detail["reviewIDs"] == [review.pk] and detail["assessmentIDs"] == [assessment.pk]
    on_hold = provider.client.get(provider.url("/payments"), {"onHold": "true"}).json()
    assert [row["paymentID"] for row in on_hold["payments"]] == [held.id]
    assert sandbox_ledger.holds(held.id)  # authorized anyway: the hold waits for the review
    [claims] = authorize_claims
    assert claims["payoutID"] == held.id and claims["fraudScore"] == 0.5

    url = provider.url(f"/payments/{held.id}/risk-assessments/{assessment.pk}/device-observations")
    [observation] = provider.client.get(url).json()["observations"]
    assert observation == {
        "observedOn": observation["observedOn"],
        "deviceType": "mobile",
        "model": "Pixel 8",
        "os": "Android",
        "osVersion": "15",
        "location": {"city": "Lagos"},
    }
    listed = provider.client.get(
        provider.url(f"/participants/{alice.participant_id}/risk-assessments")
    ).json()["assessments"]
    assert listed[-1]["paymentID"] == held.id and listed[-1]["reviewIDs"] == [review.pk]
    assert listed[-1]["transactionEvidence"] == {"level": "high", "amlLevel": "low"}


def test_an_allowed_payout_sends_its_score_as_fraud_score(
    sandbox_ledger, provider, authorize_claims
):
    large_payments_reviewed()
    alice = enroll(provider.provider)
    sent = payout(provider.provider, alice, 2500)
    assert sent.status == "accepted" and not sent.hold_active and sent.review_ids == []
    [assessment] = RiskAssessment.objects.filter(payment_id=sent.id)
    assert (assessment.decision, assessment.score) == ("allow", 10.0)
    assert sent.assessment_ids == [assessment.pk] and sent.fraud_score == 0.1
    assert [claims["fraudScore"] for claims in authorize_claims] == [0.1]
    again = payout(provider.provider, alice, 2500)  # the phone is known now: a real 0
    assert again.fraud_score == 0.0 and authorize_claims[-1]["fraudScore"] == 0.0


def test_a_deny_makes_the_payout_denied_without_a_ledger_call(
    sandbox_ledger, provider, authorize_claims
):
    rule("amount_at_least", threshold=900, points=100, outcome="deny", name="Too large")
    alice = enroll(provider.provider)
    denied = payout(provider.provider, alice, 95000)
    assert denied.status == "denied" and not denied.hold_active
    [assessment] = RiskAssessment.objects.filter(payment_id=denied.id)
    assert assessment.decision == "deny" and denied.assessment_ids == [assessment.pk]
    assert ledger_selectors.calls_for_payout(denied.id).count() == 0
    assert authorize_claims == [] and sandbox_ledger.holds(denied.id) == []
    assert not PaymentReview.objects.exists()


@pytest.mark.django_db
def test_a_review_of_a_request_opens_a_participant_review_of_the_requester(provider):
    rule("amount_at_least", threshold=100, points=60, name="Large request")
    bob = enroll(provider.provider)
    request = new_request(provider, bob, amount_minor=20000, device=PIXEL)
    [assessment] = RiskAssessment.objects.filter(payment_id=request.id)
    assert assessment.decision == "review"
    assert request.status == "created" and not request.hold_active  # payment reviews are per payout
    review = ParticipantReview.objects.get(participant_id=bob.participant_id)
    assert review.status == "pending" and review.provider_id == provider.id
    assert list(review.assessments.values_list("id", flat=True)) == [assessment.pk]
    assert request.assessment_ids == [assessment.pk] and request.review_ids == []
    assert assessment.device_observations.get().model == "Pixel 8"


@pytest.mark.django_db
def test_the_payment_commands_take_device_flags(provider, capsys):
    alice = enroll(provider.provider)
    device_flags = [
        "--device-type", "desktop", "--device-os", "macOS", "--device-city", "Oslo",
        "--device-id", "web-inst-1", "--device-ip", "2001:DB8:7::5",
        "--device-user-agent", "Mozilla/5.0 (Macintosh)",
    ]  # fmt: skip
    for command, party in (("create_payout", "--sender"), ("create_request", "--requester")):
        call_command(
            command, "--provider", provider.id, party, alice.external_id,
            "--recipient-phone" if command == "create_payout" else "--payer-phone",
            "+14155550123", "--amount", "12.00", *device_flags, "--json",
        )  # fmt: skip
        out = json.loads(capsys.readouterr().out)
        payment_id = out.get("payoutID") or out["requestID"]
        observation = DeviceObservation.objects.get(assessment__payment_id=payment_id)
        assert (observation.device_type, observation.os, observation.city) == (
            "desktop",
            "macOS",
            "Oslo",
        )
        assert (observation.device_id, observation.ip_address, observation.network) == (
            "web-inst-1",
            "2001:db8:7::5",
            "2001:db8:7::/64",
        )
        assert observation.user_agent == "Mozilla/5.0 (Macintosh)"
        # The contract's device observation shows none of them.
        url = provider.url(
            f"/payments/{payment_id}/risk-assessments/{observation.assessment_id}"
            "/device-observations"
        )
        [shown] = provider.client.get(url).json()["observations"]
        assert set(shown) == {"observedOn", "deviceType", "os", "location"}
    assert DeviceObservation.objects.count() == 2


def test_a_pending_participant_review_blocks_no_payment(sandbox_ledger, provider):
    """A participant under review still sends and requests: the payout is held by the ledger
    and proceeds to accepted, with no hold and no review of its own."""
    alice = enroll(provider.provider)
    review = pending_review(provider.provider, alice, reason="Watching this one")
    sent = payout(provider.provider, alice, 2500)
    assert sent.status == "accepted" and sent.hold_reference
    detail = provider.client.get(provider.url(f"/payouts/{sent.id}")).json()["payout"]
    assert detail["status"] == "accepted"
    assert detail["hold"] == {"active": False} and detail["reviewIDs"] == []
    assert sandbox_ledger.holds(sent.id)
    requested = new_request(provider, alice, amount_minor=2500)
    assert requested.status == "created" and not requested.hold_active
    review.refresh_from_db()
    assert review.status == "pending"  # the review is untouched by either payment


@pytest.mark.django_db
def test_a_request_never_carries_review_ids(provider):
    """Payment reviews are per payout: a request whose assessment says review gets a
    participant review of its requester, reached through the assessment's reviewIDs, and
    the request detail's reviewIDs stays empty."""
    rule("amount_at_least", threshold=100, points=60, name="Large request")
    bob = enroll(provider.provider)
    request = new_request(provider, bob, amount_minor=20000)
    review = ParticipantReview.objects.get(participant_id=bob.participant_id)
    [assessment] = RiskAssessment.objects.filter(payment_id=request.id)
    body = provider.client.get(provider.url(f"/requests/{request.id}")).json()["request"]
    assert body["reviewIDs"] == [] and body["assessmentIDs"] == [assessment.pk]
    listed = provider.client.get(
        provider.url(f"/participants/{bob.participant_id}/risk-assessments")
    ).json()["assessments"]
    [of_request] = [item for item in listed if item.get("paymentID") == request.id]
    assert of_request["reviewIDs"] == [review.pk]
