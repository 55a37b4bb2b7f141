""" "Next case": one POST on a queue's list assigns the oldest pending review nobody has taken
to the analyst and opens it; racing analysts never take the same case."""

from datetime import timedelta

import pytest
from django.utils import timezone

from reviews.models import ParticipantReview, PaymentReview
from reviews.services import next_case
from tests.concurrency import race
from tests.reviews.admin_support import AUDITOR, logged_in, staff_user
from tests.reviews.factories import cleared, payout_in_review, pending_review

PAYMENTS = "/admin/reviews/paymentreview/"
PARTICIPANTS = "/admin/reviews/participantreview/"


def aged(model, review, minutes: int):
    model.objects.filter(pk=review.pk).update(
        created_on=timezone.now() - timedelta(minutes=minutes)
    )
    return review


@pytest.mark.django_db
def test_next_case_takes_the_oldest_untaken_payment_review_and_opens_it(provider, analyst):
    colleague = staff_user("col_league")
    reviews = [aged(PaymentReview, payout_in_review(provider.provider)[1], m) for m in (50, 40, 30)]
    taken_by_colleague, oldest_untaken, newer = reviews
    PaymentReview.objects.filter(pk=taken_by_colleague.pk).update(
        assignee_user_id=str(colleague.pk)
    )
    client = logged_in(analyst)

    page = client.get(PAYMENTS).content.decode()
    assert f'<form method="post" action="{PAYMENTS}next/" id="next-case"' in page
    response = client.post(f"{PAYMENTS}next/")
    assert response.status_code == 302
    assert response["Location"] == f"{PAYMENTS}{oldest_untaken.pk}/change/"
    assert PaymentReview.objects.get(pk=oldest_untaken.pk).assignee_user_id == str(analyst.pk)
    assert PaymentReview.objects.get(pk=newer.pk).assignee_user_id == ""
    opened = client.get(response["Location"]).content.decode()
    assert "Assigned to you: the oldest case nobody had taken." in opened

    assert client.post(f"{PAYMENTS}next/")["Location"] == f"{PAYMENTS}{newer.pk}/change/"
    empty = client.post(f"{PAYMENTS}next/", follow=True)
    assert "No case is waiting: every pending review is taken." in empty.content.decode()
    assert PaymentReview.objects.get(pk=taken_by_colleague.pk).assignee_user_id == str(colleague.pk)


@pytest.mark.django_db
def test_next_case_on_participant_reviews_skips_taken_and_resolved_ones(provider, analyst):
    resolved = aged(ParticipantReview, cleared(pending_review(provider.provider)), 90)
    by_provider = aged(ParticipantReview, pending_review(provider.provider), 80)
    ParticipantReview.objects.filter(pk=by_provider.pk).update(provider_assignee_id="agent-7")
    untaken = aged(ParticipantReview, pending_review(provider.provider), 10)
    client = logged_in(analyst)

    response = client.post(f"{PARTICIPANTS}next/")
    assert response["Location"] == f"{PARTICIPANTS}{untaken.pk}/change/"
    taken = ParticipantReview.objects.get(pk=untaken.pk)
    assert taken.assignee_user_id == str(analyst.pk)
    assert taken.version_id != untaken.version_id  # through the assignment service
    assert ParticipantReview.objects.get(pk=by_provider.pk).provider_assignee_id == "agent-7"
    assert ParticipantReview.objects.get(pk=resolved.pk).assignee_user_id == ""


@pytest.mark.django_db
def test_viewers_get_no_button_and_cannot_take(provider):
    review = payout_in_review(provider.provider)[1]
    client = logged_in(staff_user("aud_itor", group=AUDITOR))
    assert 'id="next-case"' not in client.get(PAYMENTS).content.decode()
    assert client.post(f"{PAYMENTS}next/").status_code == 403
    assert logged_in(staff_user("ana_lyst")).get(f"{PAYMENTS}next/").status_code == 405
    assert PaymentReview.objects.get(pk=review.pk).assignee_user_id == ""


@pytest.mark.postgres
@pytest.mark.pgbouncer
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("queue", "open_one"),
    [
        (next_case.PAYMENT, lambda provider: payout_in_review(provider)[1]),
        (next_case.PARTICIPANT, lambda provider: pending_review(provider)),
    ],
    ids=["payment", "participant"],
)
@pytest.mark.parametrize(("analysts", "cases"), [(2, 2), (2, 1), (4, 2)])
def test_analysts_clicking_at_once_never_take_the_same_case(
    provider, queue, open_one, analysts, cases
):
    users = [staff_user(f"racer_{n}") for n in range(analysts)]
    for _ in range(cases):
        open_one(provider.provider)

    results = race(
        lambda i: next_case.take_next(queue, assignee_user_id=str(users[i].pk)), analysts
    )

    assert not [r for r in results if isinstance(r, Exception)], results
    taken = [r for r in results if r is not None]
    assert len(taken) == cases  # every case taken, none twice
    assert len({review.pk for review in taken}) == cases
    model = type(taken[0])
    for i, review in enumerate(results):
        if review is not None:
            assert model.objects.get(pk=review.pk).assignee_user_id == str(users[i].pk)
