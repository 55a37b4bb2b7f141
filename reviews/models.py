"""Participant reviews (with their assessment links, notes and accepted-later commands) and
payment reviews. The risk assessments they link to are the risk app's."""

from django.db import models
from django.db.models import Q
from django.utils import timezone

from common.fields import ActorColumns
from common.ids import new_id
from participants.models import Enrollment, Participant, ReasonCode, new_version_id
from payments.models import Payment
from providers.models import Provider
from risk.models import RiskAssessment


def _participant_review_id() -> str:
    return new_id("rev")


def _payment_review_id() -> str:
    return new_id("pyr")


def _command_id() -> str:
    return new_id("cmd")


class ParticipantReview(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        RESOLVED = "resolved"

    class Action(models.TextChoices):
        NO_ACTION = "no_action"
        SUSPEND = "suspend"

    id = models.CharField(
        primary_key=True, max_length=40, default=_participant_review_id, editable=False
    )
    provider = models.ForeignKey(
        Provider, on_delete=models.PROTECT, related_name="participant_reviews", db_index=False
    )
    enrollment = models.ForeignKey(
        Enrollment, on_delete=models.PROTECT, related_name="participant_reviews"
    )
    participant = models.ForeignKey(
        Participant, on_delete=models.PROTECT, related_name="participant_reviews", db_index=False
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    version_id = models.CharField(max_length=64, default=new_version_id)
    reason = models.CharField(max_length=512, blank=True, default="")  # "" → omitted
    # The assignee, one of two kinds (the latest assignment replaces either): a staff user's
    # ID, set by the admin only; or whoever the provider named over the API, its own opaque
    # identifier, never read as a staff user's.
    assignee_user_id = models.CharField(max_length=64, blank=True, default="")
    provider_assignee_id = models.CharField(max_length=64, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)
    assessments = models.ManyToManyField(
        RiskAssessment, through="ParticipantReviewAssessment", related_name="participant_reviews"
    )

    # resolution (present when resolved); the resolver is recorded in the actor columns
    resolution_action = models.CharField(
        max_length=16, choices=Action.choices, blank=True, default=""
    )
    resolution_reason = models.CharField(max_length=512, blank=True, default="")
    resolution_reason_code = models.CharField(
        max_length=32, choices=ReasonCode.choices, blank=True, default=""
    )
    resolved_on = models.DateTimeField(null=True, blank=True)
    resolver_kind = models.CharField(max_length=16, blank=True, default="")
    resolver_user_id = models.CharField(max_length=64, blank=True, default="")
    resolver_application_key_id = models.CharField(max_length=64, blank=True, default="")
    resolver_calling_account_id = models.CharField(max_length=64, blank=True, default="")
    resolver_display_name = models.CharField(max_length=255, blank=True, default="")
    resolver_email = models.CharField(max_length=255, blank=True, default="")

    class Meta:
        constraints = [
            # At most one pending review per participant per provider.
            models.UniqueConstraint(
                fields=["provider", "participant"],
                condition=Q(status="pending"),
                name="one_pending_participant_review",
            ),
            models.CheckConstraint(
                condition=Q(assignee_user_id="") | Q(provider_assignee_id=""),
                name="participant_review_one_assignee",
            ),
        ]
        indexes = [
            models.Index(
                fields=["provider", "status", "-created_on", "-id"],
                name="participant_review_page",
            ),
            models.Index(fields=["provider", "participant"], name="participant_review_subject"),
        ]

    def __str__(self) -> str:
        return f"{self.id} ({self.status})"


class ParticipantReviewAssessment(models.Model):
    """A review's link to an assessment, kept in the order the links were made."""

    review = models.ForeignKey(ParticipantReview, on_delete=models.CASCADE)
    assessment = models.ForeignKey(RiskAssessment, on_delete=models.PROTECT)
    added_on = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["added_on", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["review", "assessment"], name="participant_review_assessment_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.review_id} ← {self.assessment_id}"


class CaseNote(ActorColumns):
    """An analyst's note on a review: who wrote it (the actor columns), what and when. Each
    kind of review has its own table, with its `review` link."""

    text = models.CharField(max_length=2048)
    created_on = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True
        ordering = ["created_on", "id"]

    def __str__(self) -> str:
        return f"note {self.pk} on {self.review_id}"


class ReviewNote(CaseNote):
    review = models.ForeignKey(ParticipantReview, on_delete=models.CASCADE, related_name="notes")


class PaymentReviewNote(CaseNote):
    """A note on a payment review (the resolution's own notes stay on the review)."""

    review = models.ForeignKey("PaymentReview", on_delete=models.CASCADE, related_name="case_notes")


class ReviewCommand(ActorColumns):
    """An accepted-later (202) command: written with the idempotency record, applied by a task,
    re-enqueued by the sweeper while pending. An apply-time rejection is kept for staff."""

    class Kind(models.TextChoices):
        OPEN = "open"
        ASSIGN = "assign"

    class Status(models.TextChoices):
        PENDING = "pending"
        APPLIED = "applied"
        REJECTED = "rejected"

    id = models.CharField(primary_key=True, max_length=40, default=_command_id, editable=False)
    provider = models.ForeignKey(
        Provider, on_delete=models.PROTECT, related_name="review_commands", db_index=False
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    payload = models.JSONField(default=dict)
    # The X-Idempotency-Key it was accepted under: its completion event carries it.
    idempotency_key = models.CharField(max_length=255, blank=True, default="")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    rejection = models.CharField(max_length=512, blank=True, default="")
    # The refusal as a problem document's parts (code, status, title, detail), for the
    # provider: its rejection event and its read (GET …/review-commands/{commandID}).
    rejection_problem = models.JSONField(null=True, blank=True)
    review = models.ForeignKey(
        ParticipantReview,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="commands",
    )
    attempts = models.PositiveIntegerField(default=0)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    enqueued_on = models.DateTimeField(null=True, blank=True)
    applied_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The sweeper's scan of commands still waiting.
            models.Index(
                fields=["created_on"],
                condition=Q(status="pending"),
                name="review_command_pending",
            ),
            models.Index(fields=["provider", "-created_on"], name="review_command_provider"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.id} ({self.status})"


class PaymentReview(ActorColumns):
    """A provider's review of a payout placed on hold by a risk assessment. The actor columns
    record who resolved it."""

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        REJECTED = "rejected"

    # What a pending review may be resolved as (the one definition of the rule).
    RESOLUTIONS = (Status.APPROVED, Status.REJECTED)

    class RejectionReason(models.TextChoices):
        """Why a payout was rejected, from a short list rule statistics and backtests count."""

        FRAUD = "fraud", "Fraud"
        SCAM_VICTIM = "scam_victim", "Scam victim"
        AML_CONCERN = "aml_concern", "AML concern"
        CUSTOMER_REQUEST = "customer_request", "Customer request"
        OTHER = "other", "Other"

    id = models.CharField(
        primary_key=True, max_length=40, default=_payment_review_id, editable=False
    )
    provider = models.ForeignKey(
        Provider, on_delete=models.PROTECT, related_name="payment_reviews", db_index=False
    )
    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="payment_reviews")
    assessment = models.ForeignKey(
        RiskAssessment,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="payment_reviews",
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(max_length=512, blank=True, default="")
    notes = models.CharField(max_length=512, blank=True, default="")  # the resolution's
    # Set with a rejection made in the admin ("" otherwise: approvals, API rejections).
    rejection_reason = models.CharField(
        max_length=32, choices=RejectionReason.choices, blank=True, default=""
    )
    # Who works it (a staff user ID) and a version replaced on every change, so an analyst's
    # click on a page that is no longer current is refused (as on participant reviews).
    assignee_user_id = models.CharField(max_length=64, blank=True, default="")
    version_id = models.CharField(max_length=64, default=new_version_id)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    # When the review stops mattering: the payout can no longer be claimed after it. The
    # payout's hold.expiresOn is the latest of these among its pending reviews.
    expires_on = models.DateTimeField(null=True, blank=True)
    resolved_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["provider", "status", "-created_on", "-id"], name="payment_review_page"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.id} ({self.status})"
