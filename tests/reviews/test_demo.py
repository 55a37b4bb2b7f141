"""The demo seed shows risk data made by the engine: a signup in review, a resolved review, a
sign-in from a device, and payouts held, approved and rejected in payment review; its list
entries are in the risk change history. Re-seeding adds nothing."""

import re

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
    alices = sign_in.device_observations.get()
    assert (alices.model, alices.device_id) == ("iPhone 15", "ios-inst-a11ce042")

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
    the_analyst_decides_the_ring_from_the_review_pages()


def the_analyst_decides_the_ring_from_the_review_pages():
    """Nadia's payout review shows the three senders to the stranger's number, each enrolled
    minutes before sending; Priya's review shows her rejected payout, both sign-ins and the
    ring's one device, which Alice's phone of the same model is not."""
    from tests.reviews.admin_support import logged_in, staff_user
    from tests.reviews.test_admin_parties import section

    # A superuser: after a flush the seed makes the analysts' group without its permissions.
    client = logged_in(staff_user("ring_analyst", group=None, superuser=True))
    nadia = PaymentReview.objects.get(payment__memo="Used car deposit")
    page = client.get(f"/admin/reviews/paymentreview/{nadia.pk}/change/").content.decode()
    senders = section(page, "recipient-senders")
    for name in ("Nadia Haddad", "Oscar Lindqvist", "Priya Shah"):
        assert name in senders
    ages = re.findall(r'<td class="review-nowrap">(under a minute|\d+ minutes?)</td>', senders)
    assert len(ages) == 3
    priya = ParticipantReview.objects.get(reason="Sign-ins from two countries")
    page = client.get(f"/admin/reviews/participantreview/{priya.pk}/change/").content.decode()
    payments = section(page, "party-payments")
    assert "850.00 USD" in payments and "cancelled" in payments and "review rejected" in payments
    devices = section(page, "party-devices")
    assert "Lisbon" in devices and "San Francisco" in devices
    # The ring shares one device and address; Alice's phone is the same model and OS, and
    # another device on another network: she is not linked.
    shared = section(page, "shared-signals")
    for name in ("Nadia Haddad", "Oscar Lindqvist"):
        assert name in shared
    assert "same device ios-inst-3f9a1c7e (iPhone 15 iOS)" in shared
    assert "same address 203.0.113.45" in shared
    assert "Alice" not in shared

    # Paula's PEP hit: the listed Paula Ortega's attributes beside the demo Paula's own.
    paula = ParticipantReview.objects.get(enrollment__external_id="demo-paula", status="pending")
    page = client.get(f"/admin/reviews/participantreview/{paula.pk}/change/").content.decode()
    for text in ("1961-03-14", "1988-09-02", "Member of a regional parliament", "Demo PEP list"):
        assert text in page, text
    assert "possibly a namesake" in page


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
