"""The risk configuration's audit trail (`RiskChange`) and the rows it records (`AUDITED`)."""

from django.db import models

from common.fields import ChangeColumns
from risk.models.lists import RiskListEntry
from risk.models.policy import RiskPolicy
from risk.models.rules import RiskAllowlistEntry, RiskRule


class RiskChange(ChangeColumns):
    """Append-only audit trail of the risk configuration: who changed which threshold, rule,
    list or allowlist entry, when, its values before and after (absent on a create and a
    delete respectively), and why. Written by `risk.services` only."""

    class Kind(models.TextChoices):
        POLICY = "policy"
        RULE = "rule"
        LIST_ENTRY = "list-entry"
        ALLOWLIST_ENTRY = "allowlist-entry"

    class Action(models.TextChoices):
        CREATE = "create"
        UPDATE = "update"
        DELETE = "delete"

    kind = models.CharField(max_length=32, choices=Kind.choices)
    action = models.CharField(max_length=16, choices=Action.choices)
    subject = models.CharField(max_length=64, help_text="The changed row's primary key.")
    label = models.CharField(max_length=255, blank=True, default="")  # the row as it read then
    reason = models.CharField(max_length=512)

    class Meta:
        ordering = ["-created_on", "-id"]
        indexes = [
            # One row's history, newest first (each change page shows it).
            models.Index(fields=["kind", "subject", "-created_on"], name="risk_change_subject"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.action} {self.label or self.subject}"


# The rows whose every change is recorded, and the kind each is recorded as.
AUDITED = {
    RiskPolicy: RiskChange.Kind.POLICY,
    RiskRule: RiskChange.Kind.RULE,
    RiskListEntry: RiskChange.Kind.LIST_ENTRY,
    RiskAllowlistEntry: RiskChange.Kind.ALLOWLIST_ENTRY,
}
