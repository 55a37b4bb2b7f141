"""Any analyst on a case adds notes to it, whoever holds it and whatever changed since the
page was read; each note records its author. A repeated click adds nothing."""

import pytest

from reviews.models import ParticipantReview, PaymentReview, PaymentReviewNote, ReviewNote
from reviews.services import participant_reviews, payment_reviews
from tests.reviews.admin_support import logged_in, staff_user
from tests.reviews.factories import payout_in_review, pending_review

pytestmark = pytest.mark.django_db

CASES = [
    (
        "paymentreview",
        lambda provider: payout_in_review(provider)[1],
        payment_reviews.assign_payment_review,
        PaymentReview,
        PaymentReviewNote,
    ),
    (
        "participantreview",
        lambda provider: pending_review(provider),
        participant_reviews.assign,
        ParticipantReview,
        ReviewNote,
    ),
]


@pytest.mark.parametrize(("queue", "open_one", "assign", "model", "notes"), CASES)
def test_a_colleague_notes_a_case_someone_else_holds(
    provider, queue, open_one, assign, model, notes
):
    holder, colleague = staff_user("hol_der"), staff_user("col_league")
    review = open_one(provider.provider)
    client = logged_in(colleague)
    page = f"/admin/reviews/{queue}/{review.pk}/change/"
    assert 'id="action-note"' in client.get(page).content.decode()
    # The case is taken by someone else after the colleague opened it.
    assign(
        provider_id=provider.id,
        review_id=review.pk,
        expected_version_id=review.version_id,
        assignee_user_id=str(holder.pk),
    )

    response = client.post(
        f"/admin/reviews/{queue}/{review.pk}/act/note/",
        {"note-expected_version_id": review.version_id, "note-text": "Sender called back"},
    )

    assert response.status_code == 302
    note = notes.objects.get(review_id=review.pk)
    assert (note.text, note.actor_user_id) == ("Sender called back", str(colleague.pk))
    assert model.objects.get(pk=review.pk).assignee_user_id == str(holder.pk)
    shown = client.get(page).content.decode().split('id="notes"')[1].split("</div>")[0]
    assert "Sender called back" in shown and "Col League" in shown

    again = client.post(
        f"/admin/reviews/{queue}/{review.pk}/act/note/", {"note-text": "Sender called back"}
    )
    assert again.status_code == 409
    assert notes.objects.filter(review_id=review.pk).count() == 1
