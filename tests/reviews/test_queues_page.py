"""/admin/reviews/ opens on the queues' state: pending, untaken, the analyst's own and the
oldest wait, each linking to that part of its queue."""

from datetime import timedelta

import pytest
from django.utils import timezone

from reviews.models import ParticipantReview
from tests.reviews.admin_support import ANALYST, logged_in, staff_user
from tests.reviews.factories import payout_in_review, pending_review

pytestmark = pytest.mark.django_db


def test_the_reviews_page_shows_each_queues_pending_work(provider):
    analyst = staff_user("queue_reader", group=ANALYST)
    taken = pending_review(provider.provider)
    ParticipantReview.objects.filter(pk=taken.pk).update(
        assignee_user_id=str(analyst.pk), created_on=timezone.now() - timedelta(hours=3)
    )
    pending_review(provider.provider)
    payout_in_review(provider.provider)
    page = logged_in(analyst).get("/admin/reviews/")
    assert page.status_code == 200
    text = " ".join(page.content.decode().split())
    # Participant reviews: 2 pending, 1 untaken, 1 the analyst's, the oldest 3 hours old.
    queue = "/admin/reviews/participantreview/?status__exact=pending"
    assert (
        f'>Participant reviews</a></th> <td><a href="{queue}">2</a></td> '
        f'<td><a href="{queue}&amp;assignee=none">1</a></td> '
        f'<td><a href="{queue}&amp;assignee=me">1</a></td> <td>3 hours</td>'
    ) in text
    # Every count of the payment queue links to its filtered list too.
    queue = "/admin/reviews/paymentreview/?status__exact=pending"
    assert (
        f'>Payment reviews</a></th> <td><a href="{queue}">1</a></td> '
        f'<td><a href="{queue}&amp;assignee=none">1</a></td> '
        f'<td><a href="{queue}&amp;assignee=me">0</a></td>'
    ) in text
