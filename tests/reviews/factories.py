"""Reviews for tests, made through the services (so links, holds and versions are what the
engine leaves); the assessments they link are tests.risk.factories'."""

from django.db import transaction

from common.actors import Actor
from reviews.services import commands, participant_reviews, payment_reviews
from tests.payments.factories import enroll, make_payment
from tests.risk.factories import assessment


def pending_review(provider, enrollment=None, *, reason="Unusual activity", assessment_id=None):
    """A pending participant review of `provider` (a Provider)."""
    enrollment = enrollment or enroll(provider)
    return participant_reviews.open_or_add(
        enrollment_id=enrollment.pk,
        reason=reason,
        assessment_id=assessment_id,
        actor=Actor.system(),
    ).review


def rejected_command(provider, review=None):
    """An assignment of a pending review (a new one by default) accepted with a stale
    version, then applied (and so rejected), as its task would; the command is returned as it
    stands after that."""
    review = review or pending_review(provider)
    with transaction.atomic():  # its on-commit enqueue is left unrun: applied here instead
        command = commands.accept_assign(
            review=review,
            provider_assignee_id="analyst-1",
            expected_version_id="stale",
            actor=Actor.system(),
        )
    return commands.apply(command_id=command.pk)


def cleared(review, *, reason="Cleared", actor=None):
    """Resolve a pending participant review with no_action (on its current version)."""
    return participant_reviews.resolve_no_action(
        provider_id=review.provider_id,
        review_id=review.pk,
        reason=reason,
        expected_version_id=review.version_id,
        actor=actor or Actor.system(),
    )


def payout_in_review(provider, *, status="authorized", reason="Large first payout"):
    """A payout of `provider` (a Provider) held by one pending payment review."""
    payout = make_payment(enroll(provider), status=status)
    found = assessment(
        provider_id=provider.pk, participant_id=payout.initiator_participant_id, payment=payout
    )
    review = payment_reviews.open_payment_review(
        payout=payout, reason=reason, assessment_id=found.pk
    )
    payout.refresh_from_db()
    return payout, review
