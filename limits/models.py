"""Send-limit levels: platform defaults and maximums, provider policies, limit groups with
their memberships, and per-participant overrides; plus the audit trail of every change.

Ceilings are integer minor units of `settings.PLATFORM_CURRENCY` (amount dimensions) or plain
counts (dailySendCount). On the provider, group and override levels a null column means "this
level does not set the dimension": resolution then looks at the next level down.
"""

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from common.fields import ActorColumns
from common.ids import new_id
from limits import dimensions
from participants.models import Enrollment, new_version_id
from providers.models import Provider


def _group_id() -> str:
    return new_id("grp")


def _ceiling(label: str, *, null: bool = True) -> models.BigIntegerField:
    return models.BigIntegerField(label, null=null, blank=null, validators=[MinValueValidator(0)])


class Ceilings(models.Model):
    """The five dimensions as optional columns (null: not set at this level)."""

    per_transaction_amount = _ceiling("per-transaction amount")
    daily_amount = _ceiling("daily amount")
    weekly_amount = _ceiling("weekly amount")
    monthly_amount = _ceiling("monthly amount")
    daily_send_count = _ceiling("daily send count")

    class Meta:
        abstract = True

    def ceilings(self) -> dict[str, int | None]:
        """{contract dimension name: value or None}."""
        return {d.name: getattr(self, d.field) for d in dimensions.DIMENSIONS}


class PlatformLimits(models.Model):
    """The platform's default and maximum per dimension: one row (pk 1), always complete,
    because the defaults endpoint renders every dimension of both. `version_id` is
    `versions.platform` and changes on every write."""

    SINGLETON_ID = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLETON_ID, editable=False)
    currency = models.CharField(
        max_length=3, help_text="ISO 4217 code the amount columns are in (PLATFORM_CURRENCY)"
    )
    default_per_transaction_amount = _ceiling("default per-transaction amount", null=False)
    default_daily_amount = _ceiling("default daily amount", null=False)
    default_weekly_amount = _ceiling("default weekly amount", null=False)
    default_monthly_amount = _ceiling("default monthly amount", null=False)
    default_daily_send_count = _ceiling("default daily send count", null=False)
    maximum_per_transaction_amount = _ceiling("maximum per-transaction amount", null=False)
    maximum_daily_amount = _ceiling("maximum daily amount", null=False)
    maximum_weekly_amount = _ceiling("maximum weekly amount", null=False)
    maximum_monthly_amount = _ceiling("maximum monthly amount", null=False)
    maximum_daily_send_count = _ceiling("maximum daily send count", null=False)
    version_id = models.CharField(max_length=64, default=new_version_id)
    updated_on = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "platform limits"
        verbose_name_plural = "platform limits"
        constraints = [
            models.CheckConstraint(condition=Q(id=1), name="platform_limits_singleton"),
        ]

    def __str__(self) -> str:
        return "Platform limits"

    def defaults(self) -> dict[str, int]:
        return {d.name: getattr(self, f"default_{d.field}") for d in dimensions.DIMENSIONS}

    def maximums(self) -> dict[str, int]:
        return {d.name: getattr(self, f"maximum_{d.field}") for d in dimensions.DIMENSIONS}


class ProviderLimitPolicy(Ceilings):
    """A provider's saved policy. Absent until first saved; a dimension it leaves null falls
    back to the platform default. `version_id` is `versions.provider`."""

    provider = models.OneToOneField(
        Provider, on_delete=models.PROTECT, primary_key=True, related_name="limit_policy"
    )
    version_id = models.CharField(max_length=64, default=new_version_id)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "provider limit policy"
        verbose_name_plural = "provider limit policies"

    def __str__(self) -> str:
        return f"Limit policy of {self.provider_id}"


class LimitGroup(Ceilings):
    """A named set of a provider's participants that share send-limit ceilings.

    A group sets only the dimensions it names (the others stay null and do not hide the
    provider or platform level). Deleting a group keeps the row with `deleted_on` set
    (members fall back at the next resolution; the history of who was limited by what stays
    readable).
    """

    id = models.CharField(primary_key=True, max_length=40, default=_group_id, editable=False)
    provider = models.ForeignKey(Provider, on_delete=models.PROTECT, related_name="limit_groups")
    name = models.CharField(max_length=100)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)
    deleted_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "name"],
                condition=Q(deleted_on__isnull=True),
                name="limit_group_live_name",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"


class LimitGroupMembership(models.Model):
    """A participant's membership of a group; ended memberships are kept, only active count."""

    group = models.ForeignKey(LimitGroup, on_delete=models.PROTECT, related_name="memberships")
    enrollment = models.ForeignKey(
        Enrollment, on_delete=models.PROTECT, related_name="limit_memberships"
    )
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    ended_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["group", "enrollment"],
                condition=Q(ended_on__isnull=True),
                name="limit_membership_active_once",
            )
        ]
        indexes = [
            models.Index(
                fields=["enrollment", "group"],
                condition=Q(ended_on__isnull=True),
                name="limit_membership_active",
            )
        ]

    def __str__(self) -> str:
        return f"{self.enrollment_id} in {self.group_id}"


class LimitOverride(ActorColumns):
    """One participant's ceiling for one dimension at one provider, optionally until
    `expires_on`. Setting a dimension again ends the previous row (`ended_on`) and adds a new
    one, so the history stays; an override past `expires_on` simply stops counting."""

    enrollment = models.ForeignKey(
        Enrollment, on_delete=models.PROTECT, related_name="limit_overrides"
    )
    dimension = models.CharField(max_length=32, choices=dimensions.CHOICES)
    value = models.BigIntegerField(validators=[MinValueValidator(0)])
    expires_on = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=512, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    ended_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["enrollment", "dimension"],
                condition=Q(ended_on__isnull=True),
                name="limit_override_current_once",
            )
        ]

    def __str__(self) -> str:
        return f"{self.dimension} override for {self.enrollment_id}"

    def is_active(self, at) -> bool:
        return self.ended_on is None and (self.expires_on is None or self.expires_on > at)


class LimitChange(ActorColumns):
    """Append-only audit trail: who changed which limit level, to what, and when."""

    class Kind(models.TextChoices):
        PLATFORM = "platform"
        PROVIDER_POLICY = "provider-policy"
        GROUP = "group"
        MEMBERSHIP = "membership"
        OVERRIDE = "override"

    kind = models.CharField(max_length=32, choices=Kind.choices)
    action = models.CharField(max_length=32)
    provider = models.ForeignKey(
        Provider, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    subject = models.CharField(max_length=64, blank=True, default="")
    data = models.JSONField(default=dict)
    version_id = models.CharField(max_length=64, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["-created_on", "-id"]
        indexes = [models.Index(fields=["provider", "-created_on"], name="limit_change_provider")]

    def __str__(self) -> str:
        return f"{self.kind} {self.action} {self.subject}".strip()
