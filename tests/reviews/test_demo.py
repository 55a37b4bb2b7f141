"""The demo seed shows risk data made by the engine: a signup in review, a resolved review, a
sign-in from a device, and payouts held, approved and rejected in payment review; its list
entries are in the risk change history. Re-seeding adds nothing."""

from rest_framework.test import APIClient

from payments.models import Payment
from reviews.models import ParticipantReview, PaymentReview
from risk.models import DeviceObservation, RiskAssessment, RiskChange
from tests.conftest import basic_auth
from tests.ledger.test_demo import seed


def counts() -> tuple[int, ...]:
    return tuple(
        model.objects.count()
        for model in (
            RiskAssessment,
            DeviceObservation,
            ParticipantReview,
            PaymentReview,
            Payment,
            RiskChange,
        )
    )


def test_the_demo_shows_risk_data_and_reseeding_adds_nothing(live_server):
    data = seed(live_server.url)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=basic_auth(data["apiKeyID"], data["apiKeySecret"]))
    base = f"/providers/{data['providerID']}"

    pending = client.get(f"{base}/participant-reviews").json()["reviews"]
    paula = [review for review in pending if review["externalID"] == "demo-paula"]
    assert len(paula) == 1 and paula[0]["assessmentIDs"]
    signup = client.get(f"{base}/participants/demo-paula/risk-assessments").json()
    assert signup["assessments"][0]["decision"] == "review"
    assert signup["assessments"][0]["reviewIDs"] == [paula[0]["reviewID"]]
    resolved = client.get(f"{base}/participant-reviews", {"status": "resolved"}).json()
    assert "demo-rafael" in {review["externalID"] for review in resolved["reviews"]}

    sign_in = RiskAssessment.objects.get(
        event="sign_in", participant__enrollments__external_id="demo-alice"
    )
    assert sign_in.device_observations.get().model == "iPhone 15"

    held = Payment.objects.get(memo="Used car deposit")
    detail = client.get(f"{base}/payouts/{held.id}").json()["payout"]
    assert detail["hold"]["active"] is True and detail["status"] == "authorized"
    [review_id] = detail["reviewIDs"]
    assert PaymentReview.objects.get(pk=review_id).status == "pending"
    [assessment_id] = detail["assessmentIDs"]
    observations = client.get(
        f"{base}/payments/{held.id}/risk-assessments/{assessment_id}/device-observations"
    ).json()["observations"]
    assert [o["model"] for o in observations] == ["iPhone 15"]

    outcomes = {
        review.payment.memo: (review.status, review.payment.status)
        for review in PaymentReview.objects.exclude(status="pending").select_related("payment")
    }
    assert outcomes["Equipment purchase"] == ("approved", "accepted")
    assert outcomes["Crypto exchange top-up"] == ("rejected", "cancelled")

    # The demo's PEP list went in through the risk services, so the trail has it.
    pep = RiskChange.objects.get(kind="list-entry", label__contains="Paula Ortega")
    assert (pep.action, pep.actor_display_name) == ("create", "demo seed")

    before = counts()
    seed(live_server.url)
    assert counts() == before


def test_the_demo_analyst_logs_in_to_the_review_queue(live_server):
    from django.http import HttpRequest
    from django.test import Client

    from tests.reviews.admin_support import review_group

    review_group("Risk analyst")  # a live-server test flushed the migration's groups
    first = seed(live_server.url)["analyst"]
    again = seed(live_server.url)["analyst"]
    assert first["username"] == again["username"] == "analyst"
    assert first["password"] != again["password"]  # a fresh one on every seed, shown once
    browser = Client()
    assert not browser.login(request=HttpRequest(), username="analyst", password=first["password"])
    assert browser.login(request=HttpRequest(), username="analyst", password=again["password"])
    response = browser.get("/admin/reviews/participantreview/")
    assert response.status_code == 200
    assert b"demo-paula" in response.content
