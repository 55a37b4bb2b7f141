"""Participants: the person platform-wide, each provider's enrollment of them (externalID,
profile, phones, emails, the relationship and its history) and their funding sources."""

import secrets

from django.db import models
from django.utils import timezone

from common.fields import ActorColumns
from common.ids import new_id, new_participant_id
from providers.models import Provider


def new_version_id() -> str:
    """Opaque optimistic-concurrency token, replaced on every change."""
    return secrets.token_urlsafe(16)


def _funding_source_id() -> str:
    return new_id("fs")


class ReasonCode(models.TextChoices):
    SUSPECTED_FRAUD = "suspected-fraud"
    ACCOUNT_COMPROMISE = "account-compromise"
    CUSTOMER_REQUEST = "customer-request"
    COMPLIANCE_REVIEW = "compliance-review"
    LEGAL_HOLD = "legal-hold"
    POLICY_VIOLATION = "policy-violation"
    OTHER = "other"


class Participant(models.Model):
    """The person, platform-wide: identity and global status."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        DISABLED = "disabled"
        PENDING = "pending"
        DENIED = "denied"

    id = models.CharField(
        primary_key=True, max_length=48, default=new_participant_id, editable=False
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    service_account_id = models.CharField(max_length=64, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)
    disabled_on = models.DateTimeField(null=True, blank=True)
    # When the sweeper last handed a still-pending onboarding over again (its own column, so a
    # re-send leaves the contract's updatedOn alone).
    onboarding_resent_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The onboarding sweep reads only pending participants, a handful at any time.
            models.Index(
                fields=["created_on"],
                name="participant_pending",
                condition=models.Q(status="pending"),
            ),
        ]

    def __str__(self) -> str:
        return self.id


class Enrollment(models.Model):
    """One provider's record of a participant: its externalID, the profile it sent, and the
    relationship (suspended or not, with a versionID that changes on every suspension or
    reactivation)."""

    provider = models.ForeignKey(Provider, on_delete=models.PROTECT, related_name="enrollments")
    participant = models.ForeignKey(
        Participant, on_delete=models.PROTECT, related_name="enrollments"
    )
    external_id = models.CharField(max_length=255)
    given_name = models.CharField(max_length=255)
    middle_name = models.CharField(max_length=255, blank=True, default="")
    family_name = models.CharField(max_length=255)
    nick_name = models.CharField(max_length=255, blank=True, default="")
    date_of_birth = models.DateField(null=True, blank=True)
    address_line1 = models.CharField(max_length=255)
    address_line2 = models.CharField(max_length=255, blank=True, default="")
    city = models.CharField(max_length=255)
    state_or_province = models.CharField(max_length=255)
    postal_code = models.CharField(max_length=64)
    country = models.CharField(max_length=2)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)

    suspended = models.BooleanField(default=False)
    relationship_version_id = models.CharField(max_length=64, default=new_version_id)
    # The details' own token (names, address, phones, emails): a correction does not make a
    # suspension's relationship versionID stale, nor a suspension a correction's.
    profile_version_id = models.CharField(max_length=64, default=new_version_id)
    suspended_on = models.DateTimeField(null=True, blank=True)
    suspension_reason_code = models.CharField(
        max_length=32, choices=ReasonCode.choices, blank=True, default=""
    )
    suspension_note = models.CharField(max_length=512, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "external_id"], name="enrollment_provider_external_id"
            ),
            models.UniqueConstraint(
                fields=["provider", "participant"], name="enrollment_provider_participant"
            ),
        ]
        indexes = [
            # Keyset pagination of the provider's participant list, newest first.
            models.Index(
                fields=["provider", "-created_on", "-participant"],
                name="enrollment_provider_page",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.external_id} @ {self.provider_id}"

    @property
    def full_name(self) -> str:
        return " ".join(part for part in (self.given_name, self.family_name) if part)


class Contact(models.Model):
    """A phone or an email of an enrollment, with the dates the contract shows for each
    (createdOn, verifiedOn, disabledOn). Each kind has its own table."""

    created_on = models.DateTimeField(default=timezone.now)
    verified_on = models.DateTimeField(null=True, blank=True)
    disabled_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["id"]


class Phone(Contact):
    enrollment = models.ForeignKey(Enrollment, on_delete=models.CASCADE, related_name="phones")
    country_code = models.CharField(max_length=3)
    number = models.CharField(max_length=17)
    e164 = models.CharField(max_length=20, db_index=True)

    def __str__(self) -> str:
        return self.e164


class Email(Contact):
    enrollment = models.ForeignKey(Enrollment, on_delete=models.CASCADE, related_name="emails")
    email = models.CharField(max_length=320)

    def __str__(self) -> str:
        return self.email


class FundingSource(models.Model):
    class FundingType(models.TextChoices):
        CARD = "card"
        BANK_ACCOUNT = "bank_account"

    id = models.CharField(
        primary_key=True, max_length=40, default=_funding_source_id, editable=False
    )
    enrollment = models.ForeignKey(
        Enrollment, on_delete=models.PROTECT, related_name="funding_sources"
    )
    provider_source_id = models.CharField(max_length=256)
    display_name = models.CharField(max_length=256)
    funding_type = models.CharField(max_length=16, choices=FundingType.choices)
    last4 = models.CharField(max_length=4, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)
    disabled_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["enrollment", "funding_type", "provider_source_id"],
                name="funding_source_identity",
            )
        ]
        indexes = [
            models.Index(
                fields=["enrollment", "-created_on", "-id"],
                name="funding_source_page",
                condition=models.Q(disabled_on__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.display_name} ({self.id})"


class RelationshipAction(ActorColumns):
    """Append-only history of suspensions and reactivations of one relationship."""

    class Action(models.TextChoices):
        SUSPEND = "suspend"
        REACTIVATE = "reactivate"

    enrollment = models.ForeignKey(Enrollment, on_delete=models.CASCADE, related_name="actions")
    action = models.CharField(max_length=16, choices=Action.choices)
    reason_code = models.CharField(
        max_length=32, choices=ReasonCode.choices, blank=True, default=""
    )
    note = models.CharField(max_length=512, blank=True, default="")
    version_id = models.CharField(max_length=64)
    review_id = models.CharField(max_length=40, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_on", "id"]

    def __str__(self) -> str:
        return f"{self.action} {self.enrollment_id} at {self.created_on:%Y-%m-%d %H:%M}"
