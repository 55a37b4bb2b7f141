"""The events review changes emit, to the provider that owns the review (participant and
payment reviews, and the completion of its accepted-later commands)."""

from common.rendering import json_ready
from events import services as events
from events import types
from reviews.models import ParticipantReview, PaymentReview, ReviewCommand
from reviews.rendering import (
    command_problem,
    render_participant_review_detail,
    render_payment_review,
)


def participant_review(event_type: str, review: ParticipantReview, **change) -> None:
    data = {**render_participant_review_detail(review), **change}
    events.record(event_type, {review.provider_id: data})


def payment_review(event_type: str, review: PaymentReview, **change) -> None:
    events.record(event_type, {review.provider_id: {**render_payment_review(review), **change}})


def command_finished(command: ReviewCommand) -> None:
    """`command.applied` or `command.rejected`: the completion report of a 202, with the
    X-Idempotency-Key it was accepted under and, when rejected, the problem document the
    request would have answered had it been applied at once."""
    data = {
        "commandID": command.pk,
        "command": command.kind,
        "idempotencyKey": command.idempotency_key,
        "acceptedOn": command.created_on,
        "appliedOn": command.applied_on,
    }
    if not command.idempotency_key:
        del data["idempotencyKey"]
    if command.review_id:
        data["reviewID"] = command.review_id
    if command.status == ReviewCommand.Status.REJECTED:
        event_type = types.COMMAND_REJECTED
        data["problem"] = command_problem(command)
    else:
        event_type = types.COMMAND_APPLIED
    events.record(event_type, {command.provider_id: json_ready(data)})
