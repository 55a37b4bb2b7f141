"""The payment-review queue in the admin: order, filters, search, the page, approve / reject
through `resolve_payment_review`."""

from datetime import timedelta

import pytest
from django.utils import timezone

from common.actors import Actor
from payments.models import Payment
from reviews.models import PaymentReview
from reviews.services import payment_reviews as services
from tests.reviews.admin_support import AUDITOR, logged_in, queue_rows, staff_user
from tests.reviews.factories import payout_in_review

pytestmark = pytest.mark.django_db

QUEUE = "/admin/reviews/paymentreview/"
CONFLICT = "This review changed since you opened it — reload to see the change"


def page_url(review) -> str:
    return f"{QUEUE}{review.pk}/change/"


def resolve_url(review) -> str:
    return f"{QUEUE}{review.pk}/act/resolve/"


def rows(client, query: dict | None = None) -> list[str]:
    return queue_rows(client, QUEUE, query)


def aged(review, minutes: int):
    PaymentReview.objects.filter(pk=review.pk).update(
        created_on=timezone.now() - timedelta(minutes=minutes)
    )
    return review


def state(review, payout) -> tuple:
    review.refresh_from_db()
    payout = Payment.objects.get(pk=payout.pk)
    return review.status, review.notes, payout.status, payout.hold_active


def test_pending_first_then_newest(provider, analyst):
    _, old = payout_in_review(provider.provider)
    _, new = payout_in_review(provider.provider)
    _, done = payout_in_review(provider.provider)
    services.resolve_payment_review(
        provider_id=provider.id, review_id=done.pk, resolution="approved", actor=Actor.system()
    )
    aged(old, 30), aged(new, 5), aged(done, 1)
    assert rows(logged_in(analyst)) == [new.pk, old.pk, done.pk]


def test_filters_and_search(provider, other_provider, analyst):
    payout, mine = payout_in_review(provider.provider)
    _, theirs = payout_in_review(other_provider.provider)
    client = logged_in(analyst)

    assert rows(client, {"provider": provider.id}) == [mine.pk]
    assert rows(client, {"status__exact": "approved"}) == []
    assert set(rows(client, {"status__exact": "pending"})) == {mine.pk, theirs.pk}
    assert rows(client, {"q": mine.pk}) == [mine.pk]
    assert rows(client, {"q": payout.pk}) == [mine.pk]
    assert rows(client, {"q": payout.reference_number.lower()}) == [mine.pk]
    assert rows(client, {"q": payout.reference_number[:-1]}) == []


def test_the_page_shows_the_payout_and_its_assessment(provider, analyst):
    payout, review = payout_in_review(provider.provider, reason="Large first payout")
    review.assessment.rules = [
        {"ruleID": 31, "name": "First payout over 500", "isLive": True, "isAllowlisted": False}
    ]
    review.assessment.signals = [{"key": "emailLevel", "value": "medium"}]
    review.assessment.save()

    response = logged_in(analyst).get(page_url(review))
    assert response.status_code == 200
    page = response.content.decode()
    for text in (
        "Large first payout",
        "12.50 USD",
        payout.reference_number,
        payout.initiator_name,
        payout.counterparty_phone,
        "on hold",
        f"/admin/payments/payment/{payout.pk}/change/",
        "First payout over 500",
        "Email address",  # the signal in words, not its key
        "medium",
        review.assessment_id,
    ):
        assert text in page, text
    assert f'action="{resolve_url(review)}"' in page
    assert "emailLevel" not in page


def test_approve(provider, analyst):
    payout, review = payout_in_review(provider.provider)
    Payment.objects.filter(pk=payout.pk).update(hold_reference="hold-1")  # the ledger's hold
    client = logged_in(analyst)
    response = client.post(
        resolve_url(review), {"resolve-resolution": "approved", "resolve-notes": "Checked"}
    )
    assert response.status_code == 302

    assert state(review, payout) == ("approved", "Checked", "accepted", False)
    assert review.actor.as_json() == {
        "kind": "user",
        "userID": str(analyst.pk),
        "callingAccountID": provider.id,
    }
    assert review.actor_display_name == "Ana Analyst"
    page = client.get(page_url(review)).content.decode()
    assert "Approved: the payout is off hold (accepted)." in page
    assert 'id="action-resolve"' not in page


def test_rejecting_the_last_pending_review_cancels_an_authorized_payout(provider, analyst):
    payout, review = payout_in_review(provider.provider, status="authorized")
    response = logged_in(analyst).post(resolve_url(review), {"resolve-resolution": "rejected"})
    assert response.status_code == 302
    assert state(review, payout) == ("rejected", "", "cancelled", False)
    event = Payment.objects.get(pk=payout.pk).events.order_by("-occurred_on").first()
    assert (event.trigger, event.actor_kind) == ("cancel", "user")


def test_a_rejection_with_another_review_pending_keeps_the_hold(provider, analyst):
    payout, first = payout_in_review(provider.provider)
    second = services.open_payment_review(payout=payout, reason="Second rule")
    client = logged_in(analyst)
    client.post(resolve_url(first), {"resolve-resolution": "rejected"})
    assert state(first, payout) == ("rejected", "", "authorized", True)
    page = client.get(page_url(second)).content.decode()
    assert first.pk in page  # the other review of the payout, with its status
    client.post(resolve_url(second), {"resolve-resolution": "approved"})
    assert state(second, payout) == ("approved", "", "cancelled", False)


def test_an_already_resolved_review_is_refused(provider, analyst):
    payout, review = payout_in_review(provider.provider)
    services.resolve_payment_review(
        provider_id=provider.id,
        review_id=review.pk,
        resolution="approved",
        notes="by the API",
        actor=Actor.system(),
    )
    before = state(review, payout)
    response = logged_in(analyst).post(
        resolve_url(review), {"resolve-resolution": "rejected", "resolve-notes": "Too late"}
    )
    assert response.status_code == 409
    page = response.content.decode()
    assert CONFLICT in page and "already approved" in page
    assert state(review, payout) == before


def test_a_bad_resolution_or_long_notes_change_nothing(provider, analyst):
    payout, review = payout_in_review(provider.provider)
    before = state(review, payout)
    client = logged_in(analyst)
    assert client.post(resolve_url(review), {"resolve-resolution": "maybe"}).status_code == 400
    response = client.post(
        resolve_url(review), {"resolve-resolution": "approved", "resolve-notes": "x" * 513}
    )
    assert response.status_code == 400
    assert state(review, payout) == before


def test_auditors_read_and_cannot_resolve(provider):
    payout, review = payout_in_review(provider.provider)
    auditor = logged_in(staff_user("aud_itor", group=AUDITOR))
    assert rows(auditor) == [review.pk]
    page = auditor.get(page_url(review)).content.decode()
    assert payout.reference_number in page and "view-only access" in page
    assert 'id="action-resolve"' not in page

    before = state(review, payout)
    assert auditor.post(resolve_url(review), {"resolve-resolution": "rejected"}).status_code == 403
    assert auditor.post(page_url(review), {}).status_code == 405
    assert state(review, payout) == before


def test_superusers_resolve_too(provider):
    payout, review = payout_in_review(provider.provider)
    root = logged_in(staff_user("root_user", group=None, superuser=True))
    assert root.post(resolve_url(review), {"resolve-resolution": "approved"}).status_code == 302
    assert state(review, payout)[0] == "approved"
