"""Accepted-later (202) commands on participant reviews: open and assign.

Accepting writes a command row in the caller's transaction (the API view's, together with the
idempotency record) and enqueues its task once that commits. A broker that is down loses
nothing: the command stays pending and the sweeper enqueues it again. Applying is idempotent
(an applied or rejected command is left alone), so a redelivered task is harmless. A
rejection at apply time (stale version, resolved review) is kept on the command for staff.
"""

import logging
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from common.errors import DomainError, InvalidRequest
from common.handover import hand_over
from common.statements import insert_row
from common.sweeps import take_due
from participants.models import Enrollment
from reviews import outbox
from reviews.models import ParticipantReview, ReviewCommand
from reviews.services import participant_reviews
from risk.selectors import visible_assessment

logger = logging.getLogger(__name__)


def _accept(
    *, provider_id: str, kind: str, payload: dict, actor: Actor, idempotency_key: str, review=None
):
    now = timezone.now()
    command = ReviewCommand(
        provider_id=provider_id,
        kind=kind,
        payload=payload,
        idempotency_key=idempotency_key,
        review=review,
        created_on=now,
        enqueued_on=now,
    )
    command.set_actor(actor)
    insert_row(command)
    transaction.on_commit(partial(enqueue, command.pk))
    return command


def accept_open(
    *,
    enrollment: Enrollment,
    reason: str,
    assessment_id: str | None,
    actor: Actor,
    idempotency_key: str = "",
) -> ReviewCommand:
    """Accept an open (the participant has a relationship with the provider: the caller
    resolved it within the provider). An assessmentID must name one of the participant's
    assessments this provider can see."""
    if assessment_id and not visible_assessment(
        enrollment.provider_id, enrollment.participant_id, assessment_id
    ):
        raise InvalidRequest(
            "The request body failed validation.",
            errors=[
                {
                    "pointer": "/assessmentID",
                    "detail": "No risk assessment with this ID exists for this participant.",
                }
            ],
        )
    payload = {"enrollmentID": enrollment.pk, "reason": reason}
    if assessment_id:
        payload["assessmentID"] = assessment_id
    return _accept(
        provider_id=enrollment.provider_id,
        kind=ReviewCommand.Kind.OPEN,
        payload=payload,
        actor=actor,
        idempotency_key=idempotency_key,
    )


def accept_assign(
    *,
    review: ParticipantReview,
    provider_assignee_id: str,
    expected_version_id: str,
    actor: Actor,
    idempotency_key: str = "",
) -> ReviewCommand:
    """Accept an assignment of this provider's review to its own assignee (`assigneeUserID`,
    an identifier of the provider's); the version is checked when applied."""
    payload = {"assigneeUserID": provider_assignee_id, "expectedVersionID": expected_version_id}
    return _accept(
        provider_id=review.provider_id,
        kind=ReviewCommand.Kind.ASSIGN,
        payload=payload,
        actor=actor,
        idempotency_key=idempotency_key,
        review=review,
    )


def enqueue(command_id: str) -> None:
    """Hand the command to a worker. Never raises: whatever fails here, the sweeper retries."""
    from reviews.tasks import apply_review_command

    hand_over(apply_review_command, command_id, what=f"review command {command_id}", logger=logger)


def _run(command: ReviewCommand) -> ParticipantReview:
    payload = command.payload
    if command.kind == ReviewCommand.Kind.OPEN:
        return participant_reviews.open_or_add(
            enrollment_id=payload["enrollmentID"],
            reason=payload["reason"],
            assessment_id=payload.get("assessmentID"),
            actor=command.actor,
        ).review
    return participant_reviews.assign(
        provider_id=command.provider_id,
        review_id=command.review_id,
        # The provider's own identifier of its assignee, never a staff user's ID.
        provider_assignee_id=payload["assigneeUserID"],
        expected_version_id=payload["expectedVersionID"],
    )


def apply(*, command_id: str) -> ReviewCommand | None:
    """Apply a pending command once. A domain refusal is recorded as the command's rejection;
    anything else rolls back and leaves it pending for the next delivery."""
    with transaction.atomic():
        command = ReviewCommand.objects.select_for_update().filter(pk=command_id).first()
        if command is None or command.status != ReviewCommand.Status.PENDING:
            return command
        command.attempts += 1
        try:
            with transaction.atomic():
                review = _run(command)
        except DomainError as exc:
            command.status = ReviewCommand.Status.REJECTED
            command.rejection = str(exc)[:512]
            command.rejection_problem = {
                "code": exc.code,
                "status": exc.status,
                "title": exc.title,
                "detail": exc.detail,
            }
        else:
            command.status = ReviewCommand.Status.APPLIED
            command.review = review
        command.applied_on = timezone.now()
        command.save(
            update_fields=[
                "status",
                "rejection",
                "rejection_problem",
                "review",
                "attempts",
                "applied_on",
            ]
        )
        outbox.command_finished(command)
    return command


def sweep(*, now=None) -> list[str]:
    """Enqueue again every command still pending a while after it was last enqueued (the
    broker lost it, or a worker died before committing)."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.REVIEW_COMMAND_REDELIVER_AFTER_SECONDS)
    due = take_due(
        ReviewCommand.objects.filter(status=ReviewCommand.Status.PENDING, enqueued_on__lte=cutoff),
        stamp="enqueued_on",
        now=now,
        order_by=("created_on",),
    )
    for command_id in due:
        enqueue(command_id)
    return due
