"""POST /providers/{providerID}/reviews/{reviewID}/resolutions: approve lets the payout
proceed, rejecting the last pending review of a cancellable payout cancels it and releases the
hold through the provider's ledger (real HTTP to the sandbox ledger), and the hold follows."""

from datetime import timedelta

import pytest
from django.utils import timezone

from api import scopes
from common.actors import Actor
from payments import services as payment_services
from payments.models import Operation, Payout
from reviews.models import PaymentReview
from reviews.rendering import render_payment_review
from reviews.services import payment_reviews
from tests.payments.factories import enroll, make_payment, new_payout
from tests.problems import assert_not_found
from tests.reviews.factories import payout_in_review
from tests.reviews.http import resolve

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"
STAFF = Actor(kind="system", display_name="payment review tests")


@pytest.fixture(autouse=True)
def fast_retries(settings):
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.LEDGER_RETRY_MAX_MS = 20


def _payout_detail(ctx, payout_id):
    response = ctx.client.get(ctx.url(f"/payouts/{payout_id}"))
    assert response.status_code == 200, response.content
    return response.json()["payout"]


def _held_payout(provider):
    """A payout whose hold the sandbox ledger placed, then put in review."""
    sender = enroll(provider.provider, given="Sam", family="Sender")
    payout = new_payout(provider, sender, amount_minor=4200)
    assert payout.status == "accepted" and payout.hold_reference
    review = payment_reviews.open_payment_review(payout=payout, reason="Unusual amount")
    payout.refresh_from_db()
    return payout, review


def test_a_review_holds_the_payout_until_approved(sandbox_ledger, provider):
    payout, review = _held_payout(provider)
    detail = _payout_detail(provider, payout.id)
    assert detail["status"] == "authorized"  # no longer claimable
    assert detail["hold"] == {"active": True, "expiresOn": detail["expiresOn"]}
    assert detail["reviewIDs"] == [review.pk]
    held = provider.client.get(provider.url("/payments"), {"onHold": "true"}).json()
    assert [row["paymentID"] for row in held["payments"]] == [payout.id]

    response = resolve(provider, review.pk, resolution="approved", notes="Known customer")
    assert response.status_code == 201
    body = response.json()["review"]
    assert body["reviewID"] == review.pk
    assert body["status"] == "approved"
    assert body["reason"] == "Unusual amount"
    assert body["resolvedOn"] and body["createdOn"]
    assert body["payout"] == {
        "payoutID": payout.id,
        "amount": {"value": "42.00", "currency": body["payout"]["amount"]["currency"]},
        "status": "accepted",
    }
    assert "riskAssessmentID" not in body  # opened without an assessment
    detail = _payout_detail(provider, payout.id)
    assert detail["status"] == "accepted"
    assert detail["hold"] == {"active": False}
    assert len(sandbox_ledger.holds(payout.id)) == 1  # still held by the ledger, claimable


def test_rejecting_the_last_pending_review_cancels_and_releases_through_the_ledger(
    sandbox_ledger, provider
):
    payout, review = _held_payout(provider)
    response = resolve(provider, review.pk, resolution="rejected")
    assert response.status_code == 201
    body = response.json()["review"]
    assert body["status"] == "rejected"
    assert body["payout"]["status"] == "cancelled"
    payout.refresh_from_db()
    assert payout.status == "cancelled" and not payout.hold_active
    release = Operation.objects.get(payment=payout, type="release")
    assert release.status == "succeeded" and release.external_reference
    [hold] = sandbox_ledger.holds(payout.id)
    assert hold.status == "released"
    assert _payout_detail(provider, payout.id)["hold"] == {"active": False}


def test_rejection_with_another_review_pending_keeps_the_hold(sandbox_ledger, provider):
    payout, first = _held_payout(provider)
    second = payment_reviews.open_payment_review(payout=payout, reason="Velocity")
    assert resolve(provider, first.pk, resolution="rejected").status_code == 201
    payout.refresh_from_db()
    assert payout.status == "authorized" and payout.hold_active
    # The last pending review closes: a rejection stands, so the payout is cancelled even
    # though this one is approved.
    assert resolve(provider, second.pk, resolution="approved").status_code == 201
    payout.refresh_from_db()
    assert payout.status == "cancelled" and not payout.hold_active
    assert sandbox_ledger.holds(payout.id)[0].status == "released"


def test_approving_one_of_two_keeps_the_hold_until_the_other(provider):
    payout, first = payout_in_review(provider.provider)
    second = payment_reviews.open_payment_review(payout=payout, reason="Second")
    resolve(provider, first.pk, resolution="approved")
    payout.refresh_from_db()
    assert payout.hold_active and payout.status == "authorized"
    resolve(provider, second.pk, resolution="approved")
    payout.refresh_from_db()
    assert not payout.hold_active


def test_hold_expires_on_is_the_latest_review_expiry_and_absent_when_one_has_none(provider):
    payout, first = payout_in_review(provider.provider)
    later = timezone.now() + timedelta(days=30)
    second = payment_reviews.open_payment_review(payout=payout, reason="Second")
    PaymentReview.objects.filter(pk=second.pk).update(expires_on=later)
    payment_reviews.recompute_hold(payment_id=payout.id)
    hold = _payout_detail(provider, payout.id)["hold"]
    assert hold["active"] is True
    assert hold["expiresOn"].startswith(later.strftime("%Y-%m-%dT%H:%M"))
    PaymentReview.objects.filter(pk=first.pk).update(expires_on=None)
    payment_reviews.recompute_hold(payment_id=payout.id)
    assert _payout_detail(provider, payout.id)["hold"] == {"active": True}


def test_rejecting_before_the_ledger_answered_cancels_once_the_hold_is_placed(
    sandbox_ledger, provider
):
    sender = enroll(provider.provider)
    payout = make_payment(sender, status="initiated")
    Operation.objects.create(payment=payout, type="authorize", rail="core_hold", status="pending")
    review = payment_reviews.open_payment_review(payout=payout, reason="Early")
    assert resolve(provider, review.pk, resolution="rejected").status_code == 201
    payout.refresh_from_db()
    assert payout.status == "initiated" and payout.cancel_on_authorize
    payment_services.record_ledger_outcome(
        {"endpoint": "authorize", "payoutID": payout.id, "outcome": "approved", "reference": "h-1"}
    )
    payout.refresh_from_db()
    assert payout.status == "cancelled"
    assert Operation.objects.filter(payment=payout, type="release").exists()


def test_a_resolved_review_is_409(provider):
    _payout, review = payout_in_review(provider.provider)
    assert resolve(provider, review.pk, resolution="approved").status_code == 201
    for value in ("approved", "rejected"):
        response = resolve(provider, review.pk, resolution=value)
        assert response.status_code == 409
        assert response["Content-Type"] == PROBLEM
        assert response.json()["type"].endswith("/errors#state-conflict")
    review.refresh_from_db()
    assert review.status == "approved"


def test_another_providers_review_is_404_with_no_side_effect(provider, other_provider):
    payout, review = payout_in_review(provider.provider)
    response = resolve(other_provider, review.pk, resolution="rejected")
    assert_not_found(response, "No payment review with that ID exists for this provider.")
    review.refresh_from_db()
    payout.refresh_from_db()
    assert review.status == "pending" and payout.status == "authorized" and payout.hold_active


@pytest.mark.parametrize("value", ["approve", "APPROVED", "pending", 3, ""])
def test_an_invalid_resolution_value_is_400(provider, value):
    _payout, review = payout_in_review(provider.provider)
    response = resolve(provider, review.pk, resolution=value)
    assert response.status_code == 400
    assert response["Content-Type"] == PROBLEM
    problem = response.json()
    assert problem["type"].endswith("/errors#invalid-request")
    assert [e["pointer"] for e in problem["errors"]] == ["/resolution"]
    review.refresh_from_db()
    assert review.status == "pending"


def test_the_service_refuses_a_value_that_is_no_resolution(provider):
    """The client's 400 comes from the serializer; a staff caller's bug stops at the service."""
    _payout, review = payout_in_review(provider.provider)
    with pytest.raises(ValueError, match="Not a payment review resolution"):
        payment_reviews.resolve_payment_review(
            provider_id=provider.id, review_id=review.pk, resolution="pending", actor=STAFF
        )
    review.refresh_from_db()
    assert review.status == "pending"


@pytest.mark.parametrize(
    ("body", "pointer"),
    [({}, "/resolution"), ({"resolution": "approved", "notes": "x" * 513}, "/notes")],
)
def test_body_validation_is_422(provider, body, pointer):
    _payout, review = payout_in_review(provider.provider)
    response = resolve(provider, review.pk, **body)
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.json()["errors"]]
    review.refresh_from_db()
    assert review.status == "pending"


def test_notes_of_512_characters_are_kept(provider):
    _payout, review = payout_in_review(provider.provider)
    assert resolve(provider, review.pk, resolution="approved", notes="n" * 512).status_code == 201
    review.refresh_from_db()
    assert review.notes == "n" * 512 and review.actor.kind == "application"


def test_requires_payment_review_write(provider):
    _payout, review = payout_in_review(provider.provider)
    client = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_WRITE, scopes.PAYMENTS_READ)
    assert resolve(provider, review.pk, client=client, resolution="approved").status_code == 403
    writer = provider.client_with_scopes(scopes.PAYMENT_REVIEWS_WRITE)
    assert resolve(provider, review.pk, client=writer, resolution="approved").status_code == 201


def test_an_idempotency_key_when_sent_replays_the_original_201(provider):
    _payout, review = payout_in_review(provider.provider)
    first = resolve(provider, review.pk, key="res-1", resolution="approved")
    again = resolve(provider, review.pk, key="res-1", resolution="approved")
    assert first.status_code == again.status_code == 201
    assert again.content == first.content
    assert again["X-Idempotency-Key"] == "res-1"
    other = resolve(provider, review.pk, key="res-1", resolution="rejected")
    assert other.status_code == 409
    assert other.json()["type"].endswith("/errors#idempotency-key-reused")


def test_payout_summary_names_the_recipient_when_known(provider):
    payout, review = payout_in_review(provider.provider)
    Payout.objects.filter(pk=payout.pk).update(counterparty_name="Rita Recipient")
    body = resolve(provider, review.pk, resolution="approved").json()["review"]
    assert body["payout"]["recipientName"] == "Rita Recipient"
    assert body["riskAssessmentID"] == review.assessment_id


def test_payout_review_ids_are_oldest_first(provider):
    payout, first = payout_in_review(provider.provider)
    second = payment_reviews.open_payment_review(payout=payout, reason="Velocity")
    third = payment_reviews.open_payment_review(payout=payout, reason="New device")
    assert resolve(provider, second.pk, resolution="approved").status_code == 201
    ids = _payout_detail(provider, payout.id)["reviewIDs"]
    assert ids == [first.pk, second.pk, third.pk]  # resolved ones stay, in opening order
    created = [PaymentReview.objects.get(pk=pk).created_on for pk in ids]
    assert created == sorted(created)


def test_hold_expires_on_counts_only_the_reviews_still_blocking(provider):
    payout, first = payout_in_review(provider.provider)
    soon = timezone.now() + timedelta(days=2)
    later = timezone.now() + timedelta(days=30)
    PaymentReview.objects.filter(pk=first.pk).update(expires_on=soon)
    second = payment_reviews.open_payment_review(payout=payout, reason="Second")
    PaymentReview.objects.filter(pk=second.pk).update(expires_on=later)
    third = payment_reviews.open_payment_review(payout=payout, reason="Third")
    PaymentReview.objects.filter(pk=third.pk).update(expires_on=None)
    payment_reviews.recompute_hold(payment_id=payout.id)
    assert _payout_detail(provider, payout.id)["hold"] == {"active": True}  # one has none
    # Resolving a review stops it blocking: its expiry (or lack of one) no longer counts.
    assert resolve(provider, third.pk, resolution="approved").status_code == 201
    hold = _payout_detail(provider, payout.id)["hold"]
    assert hold["active"] is True and hold["expiresOn"].startswith(later.strftime("%Y-%m-%dT%H:%M"))
    assert resolve(provider, second.pk, resolution="approved").status_code == 201
    hold = _payout_detail(provider, payout.id)["hold"]
    assert hold["active"] is True and hold["expiresOn"].startswith(soon.strftime("%Y-%m-%dT%H:%M"))
    assert resolve(provider, first.pk, resolution="approved").status_code == 201
    assert _payout_detail(provider, payout.id)["hold"] == {"active": False}


def test_a_pending_payment_review_renders_without_resolved_on(provider):
    """Only the resolution endpoint answers with a payment review (always resolved by then);
    the shape it renders leaves resolvedOn out while the review is pending."""
    _payout, review = payout_in_review(provider.provider)
    body = render_payment_review(review)
    assert body["status"] == "pending" and "resolvedOn" not in body
    assert set(body) == {"reviewID", "status", "reason", "riskAssessmentID", "payout", "createdOn"}
