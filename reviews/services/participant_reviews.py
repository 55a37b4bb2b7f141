"""Every write on participant reviews: open (or add to), assign, note, resolve.

Lock order, everywhere: the participant's enrollment first, then the review. Opening a review
must lock the enrollment (it decides whether a pending review exists), so every other write
takes the same two locks in the same order and none can deadlock against another.

A review's versionID is replaced on every change a reader could act on (assessments or notes
added, assignee replaced, resolution), so a decision taken on an older read is refused.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from common.actors import Actor
from common.errors import ParticipantReviewVersionConflict, StateConflict
from common.locking import lock_or_404
from events import types
from participants import services as participant_services
from participants.models import Enrollment, new_version_id
from reviews import outbox
from reviews.models import ParticipantReview, ParticipantReviewAssessment, ReviewNote
from reviews.services.notes import refuse_repeat

VERSION_CONFLICT_DETAIL = "The review or the relationship changed; fetch the review again."


@dataclass(frozen=True)
class Opened:
    review: ParticipantReview
    created: bool  # False: added to the participant's pending review


def _lock_enrollment(enrollment_id: int) -> Enrollment:
    # An enrollment the caller already holds the ID of: a plain lock (see common.locking).
    return Enrollment.objects.select_for_update(of=("self",)).get(pk=enrollment_id)


def _lock_review(provider_id: str, review_id: str) -> tuple[Enrollment, ParticipantReview]:
    """The review of this provider and its enrollment, both locked (enrollment first: it is
    found through the review, whose enrollment never changes), or NotFound."""
    enrollment = lock_or_404(
        Enrollment.objects.filter(
            participant_reviews__pk=review_id, participant_reviews__provider_id=provider_id
        ),
        "No participant review with that ID exists for this provider.",
    )
    review = ParticipantReview.objects.select_for_update().get(pk=review_id)
    return enrollment, review


def _check_version(review: ParticipantReview, expected_version_id: str) -> None:
    if review.version_id != expected_version_id:
        raise ParticipantReviewVersionConflict(VERSION_CONFLICT_DETAIL)


def _touch(review: ParticipantReview, *fields: str) -> None:
    review.version_id = new_version_id()
    review.updated_on = timezone.now()
    review.save(update_fields=["version_id", "updated_on", *fields])


def _link(review: ParticipantReview, assessment_id: str | None) -> bool:
    if not assessment_id:
        return False
    _, created = ParticipantReviewAssessment.objects.get_or_create(
        review=review, assessment_id=assessment_id
    )
    return created


def _note(review: ParticipantReview, text: str, actor: Actor) -> ReviewNote:
    note = ReviewNote(review=review, text=text)
    note.set_actor(actor)
    note.save()
    return note


def open_or_add(
    *, enrollment_id: int, reason: str = "", assessment_id: str | None = None, actor: Actor
) -> Opened:
    """Open a review of the participant's relationship, or add to its pending one.

    A participant has at most one pending review per provider: a second open links its
    assessment to the pending review and records its reason as a note instead."""
    with transaction.atomic():
        enrollment = _lock_enrollment(enrollment_id)
        pending = (
            ParticipantReview.objects.select_for_update()
            .filter(
                provider_id=enrollment.provider_id,
                participant_id=enrollment.participant_id,
                status=ParticipantReview.Status.PENDING,
            )
            .first()
        )
        if pending is not None:
            linked = _link(pending, assessment_id)
            if reason:
                _note(pending, reason, actor)
            if linked or reason:
                _touch(pending)
                outbox.participant_review(types.PARTICIPANT_REVIEW_UPDATED, pending)
            return Opened(pending, created=False)
        try:
            with transaction.atomic():
                review = ParticipantReview.objects.create(
                    provider_id=enrollment.provider_id,
                    enrollment=enrollment,
                    participant_id=enrollment.participant_id,
                    reason=reason,
                )
        except IntegrityError:
            # Only reachable if a writer skipped the enrollment lock: the one-pending
            # constraint is the backstop, and the answer is the same as above.
            raise StateConflict("The participant already has a pending review.") from None
        _link(review, assessment_id)
        outbox.participant_review(types.PARTICIPANT_REVIEW_OPENED, review)
        return Opened(review, created=True)


def assign(
    *,
    provider_id: str,
    review_id: str,
    expected_version_id: str,
    assignee_user_id: str = "",
    provider_assignee_id: str = "",
) -> ParticipantReview:
    """Replace the assignee (there is no unassign) with a staff user (`assignee_user_id`: the
    admin's assignment) or with the provider's own assignee (`provider_assignee_id`: the API's
    `assigneeUserID`, opaque, never a staff user's ID); exactly one of them. A stale version or
    a resolved review is refused; assigning the current assignee again changes nothing."""
    if bool(assignee_user_id) == bool(provider_assignee_id):
        raise ValueError("assign a staff user or the provider's assignee, not both or neither")
    with transaction.atomic():
        _, review = _lock_review(provider_id, review_id)
        if review.status != ParticipantReview.Status.PENDING:
            raise StateConflict("The review is resolved; it can no longer be assigned.")
        _check_version(review, expected_version_id)
        current = (review.assignee_user_id, review.provider_assignee_id)
        if current != (assignee_user_id, provider_assignee_id):
            review.assignee_user_id = assignee_user_id
            review.provider_assignee_id = provider_assignee_id
            _touch(review, "assignee_user_id", "provider_assignee_id")
            outbox.participant_review(types.PARTICIPANT_REVIEW_ASSIGNED, review)
    return review


def add_note(
    *,
    provider_id: str,
    review_id: str,
    text: str,
    actor: Actor,
    expected_version_id: str | None = None,
) -> ReviewNote:
    """A note by `actor`, whoever is assigned; refused on a stale read only when the caller
    gives the version it read."""
    with transaction.atomic():
        _, review = _lock_review(provider_id, review_id)
        if expected_version_id is not None:
            _check_version(review, expected_version_id)
        refuse_repeat(review.notes, text=text, actor=actor)
        note = _note(review, text, actor)
        _touch(review)
        outbox.participant_review(types.PARTICIPANT_REVIEW_UPDATED, review)
    return note


def _resolve(review: ParticipantReview, *, action: str, reason: str, reason_code: str, actor):
    review.status = ParticipantReview.Status.RESOLVED
    review.resolution_action = action
    review.resolution_reason = reason
    review.resolution_reason_code = reason_code
    review.resolved_on = timezone.now()
    resolver = actor.as_fields(prefix="resolver_")
    for name, value in resolver.items():
        setattr(review, name, value)
    _touch(
        review,
        "status",
        "resolution_action",
        "resolution_reason",
        "resolution_reason_code",
        "resolved_on",
        *resolver,
    )


def _resolved(review: ParticipantReview) -> None:
    outbox.participant_review(
        types.PARTICIPANT_REVIEW_RESOLVED, review, previousStatus=ParticipantReview.Status.PENDING
    )


def _check_decidable(
    review: ParticipantReview,
    enrollment: Enrollment,
    expected_version_id: str,
    expected_relationship_version_id: str | None,
) -> None:
    # A resolved review is a state conflict whatever versions were sent.
    if review.status != ParticipantReview.Status.PENDING:
        raise StateConflict("The review is already resolved.")
    _check_version(review, expected_version_id)
    if (
        expected_relationship_version_id is not None
        and enrollment.relationship_version_id != expected_relationship_version_id
    ):
        raise ParticipantReviewVersionConflict(VERSION_CONFLICT_DETAIL)


def suspend_from_review(
    *,
    provider_id: str,
    review_id: str,
    reason: str,
    reason_code: str,
    expected_version_id: str,
    expected_relationship_version_id: str,
    actor: Actor,
) -> ParticipantReview:
    """Resolve the review with `suspend` and suspend the relationship, both versions checked
    under the locks. A conflict changes neither."""
    with transaction.atomic():
        enrollment, review = _lock_review(provider_id, review_id)
        _check_decidable(review, enrollment, expected_version_id, expected_relationship_version_id)
        enrollment, _ = participant_services.suspend_from_review(
            enrollment_id=enrollment.pk,
            reason_code=reason_code,
            note=reason,
            actor=actor,
            review_id=review.pk,
        )
        _resolve(
            review,
            action=ParticipantReview.Action.SUSPEND,
            reason=reason,
            reason_code=reason_code,
            actor=actor,
        )
        review.enrollment = enrollment
        _resolved(review)
    return review


def resolve_no_action(
    *,
    provider_id: str,
    review_id: str,
    reason: str,
    expected_version_id: str,
    expected_relationship_version_id: str | None = None,
    actor: Actor,
) -> ParticipantReview:
    """Close the review without acting. Closing never reactivates a relationship."""
    with transaction.atomic():
        enrollment, review = _lock_review(provider_id, review_id)
        _check_decidable(review, enrollment, expected_version_id, expected_relationship_version_id)
        _resolve(
            review,
            action=ParticipantReview.Action.NO_ACTION,
            reason=reason,
            reason_code="",
            actor=actor,
        )
        review.enrollment = enrollment
        _resolved(review)
    return review
