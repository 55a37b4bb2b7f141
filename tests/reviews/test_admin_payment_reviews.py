"""The payment-review queue in the admin: order, filters, search, the page, approve / reject
through `resolve_payment_review`."""

from datetime import timedelta

import pytest
from django.utils import timezone

from common.actors import Actor
from payments.models import Payment
from reviews.models import PaymentReview
from reviews.services import payment_reviews as services
from risk.models import DeviceObservation
from tests.reviews.admin_support import ANALYST, AUDITOR, logged_in, queue_rows, staff_user
from tests.reviews.factories import payout_in_review

pytestmark = pytest.mark.django_db

QUEUE = "/admin/reviews/paymentreview/"
CONFLICT = "This review changed since you opened it; the page now shows it as it is"


def page_url(review) -> str:
    return f"{QUEUE}{review.pk}/change/"


def post_resolve(client, review, fields: dict):
    """The resolve form as the page sends it: with the review's version it was rendered with."""
    version = PaymentReview.objects.get(pk=review.pk).version_id
    return client.post(resolve_url(review), {"resolve-expected_version_id": version, **fields})


def act_url(review, action: str) -> str:
    return f"/admin/reviews/paymentreview/{review.pk}/act/{action}/"


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
    response = post_resolve(
        client, review, {"resolve-resolution": "approved", "resolve-notes": "Checked"}
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
    response = post_resolve(
        logged_in(analyst),
        review,
        {"resolve-resolution": "rejected", "resolve-rejection_reason": "fraud"},
    )
    assert response.status_code == 302
    assert state(review, payout) == ("rejected", "", "cancelled", False)
    event = Payment.objects.get(pk=payout.pk).events.order_by("-occurred_on").first()
    assert (event.trigger, event.actor_kind) == ("cancel", "user")


def test_a_rejection_with_another_review_pending_keeps_the_hold(provider, analyst):
    payout, first = payout_in_review(provider.provider)
    second = services.open_payment_review(payout=payout, reason="Second rule")
    client = logged_in(analyst)
    post_resolve(
        client, first, {"resolve-resolution": "rejected", "resolve-rejection_reason": "fraud"}
    )
    assert state(first, payout) == ("rejected", "", "authorized", True)
    page = client.get(page_url(second)).content.decode()
    assert first.pk in page  # the other review of the payout, with its status
    post_resolve(client, second, {"resolve-resolution": "approved"})
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
    response = post_resolve(
        logged_in(analyst),
        review,
        {
            "resolve-resolution": "rejected",
            "resolve-rejection_reason": "fraud",
            "resolve-notes": "Too late",
        },
    )
    assert response.status_code == 409
    page = response.content.decode()
    assert CONFLICT in page and "already approved" in page
    assert state(review, payout) == before


def test_a_bad_resolution_or_long_notes_change_nothing(provider, analyst):
    payout, review = payout_in_review(provider.provider)
    before = state(review, payout)
    client = logged_in(analyst)
    assert post_resolve(client, review, {"resolve-resolution": "maybe"}).status_code == 400
    response = post_resolve(
        client, review, {"resolve-resolution": "approved", "resolve-notes": "x" * 513}
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
    assert (
        post_resolve(
            auditor, review, {"resolve-resolution": "rejected", "resolve-rejection_reason": "fraud"}
        ).status_code
        == 403
    )
    assert auditor.post(page_url(review), {}).status_code == 405
    assert state(review, payout) == before


def test_superusers_resolve_too(provider):
    payout, review = payout_in_review(provider.provider)
    root = logged_in(staff_user("root_user", group=None, superuser=True))
    assert post_resolve(root, review, {"resolve-resolution": "approved"}).status_code == 302
    assert state(review, payout)[0] == "approved"


def test_a_payment_review_is_assigned_and_annotated_like_a_participant_review(provider, analyst):
    _payout, review = payout_in_review(provider.provider)
    client = logged_in(analyst)
    version = PaymentReview.objects.get(pk=review.pk).version_id
    assert (
        client.post(act_url(review, "assign_me"), {"assign_me-expected_version_id": version})
    ).status_code == 302
    review.refresh_from_db()
    assert review.assignee_user_id == str(analyst.pk) and review.version_id != version
    client.post(
        act_url(review, "note"),
        {"note-expected_version_id": review.version_id, "note-text": "Called the sender"},
    )
    page = client.get(page_url(review)).content.decode()
    assert "Called the sender" in page and "Ana Analyst" in page
    # The same note clicked twice: the second adds nothing, the text is kept.
    again = client.post(act_url(review, "note"), {"note-text": "Called the sender"})
    assert again.status_code == 409 and "already the latest on the case" in again.content.decode()
    assert review.case_notes.count() == 1
    refused = post_resolve(
        client, review, {"resolve-resolution": "rejected", "resolve-rejection_reason": "fraud"}
    )
    assert refused.status_code == 302  # with the current version it goes through
    before_resolved = client.post(
        act_url(review, "assign_me"), {"assign_me-expected_version_id": version}
    )
    assert before_resolved.status_code in (403, 409)


def test_the_page_shows_devices_histories_and_the_lapse(provider, analyst):
    from tests.payments.factories import make_payment
    from tests.risk.factories import assessment

    payout, review = payout_in_review(provider.provider)
    earlier = make_payment(payout.initiator_enrollment, memo="earlier")
    DeviceObservation.objects.create(
        assessment=review.assessment, device_type="mobile", model="Pixel 8", os="Android"
    )
    assessment(provider_id=provider.id, participant_id=payout.initiator_participant_id)
    page = logged_in(analyst).get(page_url(review)).content.decode()
    assert "Pixel 8" in page and "Android" in page
    assert 'id="party-payments"' in page and earlier.pk in page
    assert 'id="recipient-senders"' in page
    assert "lapses when the payout can no longer be claimed" in page


def test_each_row_shows_the_assessments_score_and_level(provider, analyst):
    payout_in_review(provider.provider)
    page = logged_in(analyst).get(QUEUE)
    text = " ".join(page.content.decode().split())
    # The factory's assessment: score 62, level high.
    assert '<th scope="col" class="sortable column-risk_column">' in text
    assert '<td class="field-risk_column"><span class="review-nowrap">62</span><br>' in text
    assert '<span class="quiet">high</span></td>' in text


def test_the_queue_filters_by_assignee(provider, analyst):
    colleague = staff_user("colleague_pay", group=ANALYST)
    _, mine = payout_in_review(provider.provider)
    _, theirs = payout_in_review(provider.provider)
    _, nobodys = payout_in_review(provider.provider)
    PaymentReview.objects.filter(pk=mine.pk).update(assignee_user_id=str(analyst.pk))
    PaymentReview.objects.filter(pk=theirs.pk).update(assignee_user_id=str(colleague.pk))
    client = logged_in(analyst)
    assert rows(client, {"assignee": "me"}) == [mine.pk]
    assert rows(client, {"assignee": "none"}) == [nobodys.pk]
    assert rows(client, {"assignee": str(colleague.pk)}) == [theirs.pk]
    page = client.get(QUEUE).content.decode()
    # The filter offers the colleague by name; the assignee column names them too.
    assert f'<a href="?assignee={colleague.pk}">Colleague Pay</a>' in page
    assert '<td class="field-assignee">Colleague Pay</td>' in page


def test_a_rejection_needs_a_reason_from_the_list(provider, analyst):
    payout, review = payout_in_review(provider.provider)
    client = logged_in(analyst)
    page = client.get(page_url(review)).content.decode()
    for value, label in PaymentReview.RejectionReason.choices:
        assert f'<option value="{value}">{label}</option>' in page
    before = state(review, payout)

    for fields in ({}, {"resolve-rejection_reason": "not-a-reason"}):
        refused = post_resolve(client, review, {"resolve-resolution": "rejected", **fields})
        assert refused.status_code == 400
        assert state(review, payout) == before

    done = post_resolve(
        client,
        review,
        {"resolve-resolution": "rejected", "resolve-rejection_reason": "scam_victim"},
    )
    assert done.status_code == 302
    review.refresh_from_db()
    assert (review.status, review.rejection_reason) == ("rejected", "scam_victim")
    shown = client.get(page_url(review)).content.decode()
    assert '<dd id="rejection-reason">Scam victim</dd>' in shown


def test_an_approval_records_no_rejection_reason(provider, analyst):
    _, review = payout_in_review(provider.provider)
    response = post_resolve(
        logged_in(analyst),
        review,
        {"resolve-resolution": "approved", "resolve-rejection_reason": "fraud"},
    )
    assert response.status_code == 302
    review.refresh_from_db()
    assert (review.status, review.rejection_reason) == ("approved", "")
