from django.db import models
from django.db.models import Q
from django.utils import timezone

from common.ids import new_id
from participants.models import Enrollment
from providers.models import Provider


def _group_id() -> str:
    return new_id("grp")


class LimitGroup(models.Model):
    """A named set of a provider's participants that share send-limit ceilings.

    Deleting a group keeps the row with `deleted_on` set (members fall back at the next
    resolution; the history of who was limited by what stays readable).
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
