"""Every write on payment reviews: open one on a payout, resolve it, keep the hold in step.

A payout's hold is derived, never set by hand: it is active while the payout has a pending
review, and its expiresOn is the latest expiry among those reviews (absent when one of them
has none). `recompute_hold` is the one place that derives it.
"""

from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from common.errors import StateConflict, VersionConflict
from common.locking import lock_or_404
from events import types
from participants.models import new_version_id
from payments import services as payment_services
from reviews import outbox
from reviews.models import PaymentReview, PaymentReviewNote
from reviews.services.notes import refuse_repeat

REJECTED_REASON = "rejected in payment review"


def recompute_hold(*, payment_id: str) -> None:
    """Set the payment's hold from its pending reviews (the caller may hold the payment's
    lock; set_hold takes it too)."""
    expiries = list(
        PaymentReview.objects.filter(
            payment_id=payment_id, status=PaymentReview.Status.PENDING
        ).values_list("expires_on", flat=True)
    )
    active = bool(expiries)
    expires_on = max(expiries) if active and None not in expiries else None
    payment_services.set_hold(payment_id=payment_id, active=active, expires_on=expires_on)


def open_payment_review(
    *, payout, reason: str = "", assessment_id: str | None = None
) -> PaymentReview:
    """Put a payout in review: a pending payment review of the sender's provider, linked from
    the payout, and the payout on hold. The review lapses with the payout's claim window."""
    with transaction.atomic():
        review = PaymentReview(
            provider_id=payout.initiator_provider_id,
            payment_id=payout.pk,
            assessment_id=assessment_id,
            reason=reason[:512],
            expires_on=payout.expires_on,
        )
        review.set_actor(Actor.system())
        review.save()
        payment_services.attach_review(payout_id=payout.pk, review_id=review.pk)
        recompute_hold(payment_id=payout.pk)
        outbox.payment_review(types.PAYMENT_REVIEW_OPENED, review)
    return review


def _locked_review(provider_id: str, review_id: str) -> PaymentReview:
    return lock_or_404(
        PaymentReview.objects.filter(pk=review_id, provider_id=provider_id),
        "No payment review with that ID exists for this provider.",
    )


def _check_version(review: PaymentReview, expected_version_id: str | None) -> None:
    if expected_version_id is not None and review.version_id != expected_version_id:
        raise VersionConflict("The payment review changed; read it again.")


def _touch(review: PaymentReview, *fields: str) -> None:
    review.version_id = new_version_id()
    review.save(update_fields=["version_id", *fields])


def assign_payment_review(
    *, provider_id: str, review_id: str, assignee_user_id: str, expected_version_id: str
) -> PaymentReview:
    """Replace the assignee of a pending review (staff: the admin queue). A stale version or a
    resolved review is refused; the current assignee again changes nothing."""
    with transaction.atomic():
        review = _locked_review(provider_id, review_id)
        if review.status != PaymentReview.Status.PENDING:
            raise StateConflict(f"The payment review is already {review.status}.")
        _check_version(review, expected_version_id)
        if review.assignee_user_id != assignee_user_id:
            review.assignee_user_id = assignee_user_id
            _touch(review, "assignee_user_id")
    return review


def add_payment_review_note(
    *,
    provider_id: str,
    review_id: str,
    text: str,
    actor: Actor,
    expected_version_id: str | None = None,
) -> PaymentReviewNote:
    """A note by `actor`, whoever is assigned; refused on a stale read only when the caller
    gives the version it read."""
    with transaction.atomic():
        review = _locked_review(provider_id, review_id)
        _check_version(review, expected_version_id)
        refuse_repeat(review.case_notes, text=text, actor=actor)
        note = PaymentReviewNote(review=review, text=text)
        note.set_actor(actor)
        note.save()
        _touch(review)
    return note


def resolve_payment_review(
    *,
    provider_id: str,
    review_id: str,
    resolution: str,
    notes: str = "",
    rejection_reason: str = "",
    actor: Actor,
    expected_version_id: str | None = None,
) -> PaymentReview:
    """Approve or reject a pending review of this provider's payout.

    When the last pending review of a payout is resolved, the payout proceeds if every review
    of it was approved, and is cancelled (its hold released through the ledger) if any was
    rejected: a rejection is never overridden by a later approval. Either way the hold is
    recomputed. A rejection may record why (`rejection_reason`, one of
    `PaymentReview.RejectionReason`; the admin requires it, the API has no such field)."""
    if resolution not in PaymentReview.RESOLUTIONS:
        # A caller's bug, not a client's input: the API serializer and the admin form check it.
        raise ValueError(f"Not a payment review resolution: {resolution!r}.")
    if rejection_reason and (
        resolution != PaymentReview.Status.REJECTED
        or rejection_reason not in PaymentReview.RejectionReason.values
    ):
        raise ValueError(f"Not a reason for this resolution: {rejection_reason!r}.")
    with transaction.atomic():
        review = _locked_review(provider_id, review_id)
        if review.status != PaymentReview.Status.PENDING:
            raise StateConflict(f"The payment review is already {review.status}.")
        _check_version(review, expected_version_id)
        review.status = resolution
        review.notes = notes
        review.rejection_reason = rejection_reason
        review.resolved_on = timezone.now()
        review.set_actor(actor)
        _touch(review, "status", "notes", "rejection_reason", "resolved_on", *actor.as_fields())
        # Other reviews of the same payout resolve one at a time behind the payment's lock,
        # so exactly one of them sees itself as the last pending one.
        payment_services.lock_payment(payment_id=review.payment_id)
        statuses = set(
            PaymentReview.objects.filter(payment_id=review.payment_id).values_list(
                "status", flat=True
            )
        )
        if (
            PaymentReview.Status.PENDING not in statuses
            and PaymentReview.Status.REJECTED in statuses
        ):
            payment_services.cancel_rejected_payout(
                payout_id=review.payment_id, reason=REJECTED_REASON, actor=actor
            )
        recompute_hold(payment_id=review.payment_id)
        outbox.payment_review(
            types.PAYMENT_REVIEW_RESOLVED, review, previousStatus=PaymentReview.Status.PENDING
        )
    return review
