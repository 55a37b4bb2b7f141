""" "Next case": an analyst takes the oldest pending review nobody has taken, in one step.

The take goes through the queue's own assignment service, under its row lock, with the
version read when the candidate was chosen. Two analysts who choose the same candidate at once
both call the service; the first assigns it and replaces its version, so the second is refused
by the version check (never reassigning it) and moves on to the next candidate. No lock is
taken before the service's own, so the services' lock order (a participant's enrollment before
its review) holds.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Model, QuerySet

from common.errors import ParticipantReviewVersionConflict, StateConflict, VersionConflict
from reviews.models import ParticipantReview, PaymentReview
from reviews.services import participant_reviews, payment_reviews

# Candidates tried before giving up: each refusal means another analyst took (or changed) one
# in the instant between reading it and locking it.
ATTEMPTS = 5
_TAKEN = (ParticipantReviewVersionConflict, StateConflict, VersionConflict)


@dataclass(frozen=True)
class Queue:
    untaken: Callable[[], QuerySet]  # pending, nobody assigned
    assign: Callable[..., Model]  # the queue's assignment service


PAYMENT = Queue(
    untaken=lambda: PaymentReview.objects.filter(
        status=PaymentReview.Status.PENDING, assignee_user_id=""
    ),
    assign=payment_reviews.assign_payment_review,
)
# A participant review the provider gave its own assignee is taken too.
PARTICIPANT = Queue(
    untaken=lambda: ParticipantReview.objects.filter(
        status=ParticipantReview.Status.PENDING, assignee_user_id="", provider_assignee_id=""
    ),
    assign=participant_reviews.assign,
)


def take_next(queue: Queue, *, assignee_user_id: str):
    """Assign the queue's oldest untaken pending review to the analyst and return it; None
    when there is none left (or every candidate was taken by others meanwhile)."""
    for _ in range(ATTEMPTS):
        candidate = (
            queue.untaken()
            .order_by("created_on", "id")
            .values("pk", "provider_id", "version_id")
            .first()
        )
        if candidate is None:
            return None
        try:
            return queue.assign(
                provider_id=candidate["provider_id"],
                review_id=candidate["pk"],
                expected_version_id=candidate["version_id"],
                assignee_user_id=assignee_user_id,
            )
        except _TAKEN:
            continue
    return None
