"""What a provider sees of its reviews, as plain dicts with datetimes left for the JSON
encoder: one builder per resource; `reviews/api/serializers.py` keeps the schema serializers
describing the same shapes, and the tests check both agree. Optional unknowns are absent,
never null. Risk assessments and device observations are rendered by `risk/rendering.py`."""

from common.actors import Actor
from common.money import amount_json
from common.problems import problem_body
from common.rendering import put
from reviews.models import (
    ParticipantReview,
    ParticipantReviewAssessment,
    PaymentReview,
    ReviewCommand,
)


def _actor(actor: Actor) -> dict:
    data = {"actor": actor.as_json()}
    put(data, "resolvedByDisplay", actor.display_json())
    return data


def _resolution(review: ParticipantReview) -> dict | None:
    if review.status != ParticipantReview.Status.RESOLVED:
        return None
    data = {"action": review.resolution_action, "reason": review.resolution_reason}
    if review.resolution_action == ParticipantReview.Action.SUSPEND:
        put(data, "reasonCode", review.resolution_reason_code)
    data["resolvedOn"] = review.resolved_on
    data.update(_actor(Actor.from_fields(review, prefix="resolver_")))
    return data


def _assessment_ids(review: ParticipantReview) -> list[str]:
    links = getattr(review, "assessment_links", None)
    if links is None:
        links = ParticipantReviewAssessment.objects.filter(review=review).order_by("added_on", "id")
    return [link.assessment_id for link in links]


def _review(review: ParticipantReview) -> dict:
    data = {
        "reviewID": review.pk,
        "participantID": review.participant_id,
        "externalID": review.enrollment.external_id,
        "status": review.status,
        "versionID": review.version_id,
    }
    put(data, "reason", review.reason)
    data["assessmentIDs"] = _assessment_ids(review)
    # The provider's own assignee as it named it, or the analyst the admin assigned.
    put(data, "assigneeUserID", review.provider_assignee_id or review.assignee_user_id)
    data["createdOn"] = review.created_on
    put(data, "resolution", _resolution(review))
    return data


def render_participant_review(review: ParticipantReview) -> dict:
    """A review as the list renders it (the selectors' `with_rendering` prefetches for it)."""
    return _review(review)


def render_participant_review_detail(review: ParticipantReview) -> dict:
    """The detail: the review's and the relationship's versions come from the same read."""
    data = _review(review)
    data["relationship"] = {
        "suspended": review.enrollment.suspended,
        "versionID": review.enrollment.relationship_version_id,
    }
    data["notes"] = [
        {"text": note.text, "createdOn": note.created_on, **_actor(note.actor)}
        for note in review.notes.all()
    ]
    return data


def render_payment_review(review: PaymentReview) -> dict:
    payout = review.payment
    summary = {
        "payoutID": payout.pk,
        "amount": amount_json(payout.amount_minor, payout.currency),
    }
    put(summary, "recipientName", payout.counterparty_name)
    summary["status"] = payout.status
    data = {"reviewID": review.pk, "status": review.status}
    put(data, "reason", review.reason)
    put(data, "riskAssessmentID", review.assessment_id)
    data["payout"] = summary
    data["createdOn"] = review.created_on
    put(data, "resolvedOn", review.resolved_on)
    return data


def command_problem(command: ReviewCommand) -> dict:
    """A rejected command's refusal: the problem document the request would have answered had
    it been applied at once. One rejected before its problem was recorded kept only its
    detail; every apply-time refusal is a conflict, so it reads as a 409."""
    parts = command.rejection_problem or {"status": 409, "detail": command.rejection}
    return problem_body(
        parts["status"],
        code=parts.get("code"),
        title=parts.get("title"),
        detail=parts.get("detail"),
    )


def render_review_command(command: ReviewCommand) -> dict:
    """A 202 command's state as its provider polls it (the `command.*` events report the same
    outcome; `createdOn` is their `acceptedOn`)."""
    data = {"commandID": command.pk, "command": command.kind, "status": command.status}
    put(data, "idempotencyKey", command.idempotency_key)
    put(data, "reviewID", command.review_id)
    data["createdOn"] = command.created_on
    put(data, "appliedOn", command.applied_on)
    if command.status == ReviewCommand.Status.REJECTED:
        problem = command_problem(command)
        # requestID would name this read, not the work that refused the command.
        problem.pop("requestID", None)
        data["problem"] = problem
    return data
