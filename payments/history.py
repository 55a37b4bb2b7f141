"""What happened to a payment, row by row: its operations (one money movement on one rail
each), the attempts to fund a payout, and the history of its status changes.

The models are the payments app's and are imported from `payments.models` like the others;
they live here so that module stays the payment itself.
"""

from django.db import models
from django.utils import timezone

from common.fields import ActorColumns
from common.ids import new_id


def _operation_id() -> str:
    return new_id("op")


class Operation(models.Model):
    """One money movement of a payment on one rail (authorize, capture, disburse, …)."""

    class Type(models.TextChoices):
        COLLECT = "collect"
        AUTHORIZE = "authorize"
        CAPTURE = "capture"
        RELEASE = "release"
        DISBURSE = "disburse"
        REFUND = "refund"

    class Rail(models.TextChoices):
        AFT = "aft"
        OCT = "oct"
        CORE_HOLD = "core_hold"
        CORE_CREDIT = "core_credit"

    class Status(models.TextChoices):
        RESERVED = "reserved"
        PENDING = "pending"
        SUCCEEDED = "succeeded"
        FAILED = "failed"
        UNKNOWN = "unknown"

    id = models.CharField(primary_key=True, max_length=40, default=_operation_id, editable=False)
    payment = models.ForeignKey(
        "payments.Payment", on_delete=models.CASCADE, related_name="operations"
    )
    type = models.CharField(max_length=16, choices=Type.choices)
    rail = models.CharField(max_length=16, choices=Rail.choices)
    status = models.CharField(max_length=16, choices=Status.choices)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    occurred_on = models.DateTimeField(default=timezone.now)
    external_reference = models.CharField(max_length=256, blank=True, default="")
    failure_code = models.CharField(max_length=64, blank=True, default="")
    # The provider's own words on a denial or failure (kept for staff, never rendered).
    failure_reason = models.CharField(max_length=512, blank=True, default="")

    class Meta:
        ordering = ["created_on", "id"]

    def __str__(self) -> str:
        return f"{self.type}/{self.rail} {self.status} ({self.id})"

    @property
    def is_open(self) -> bool:
        return self.status in (self.Status.RESERVED, self.Status.PENDING)


class FundingAttempt(models.Model):
    """An attempt to fund a payout from the sender's money; `fundedFrom` is the latest
    approved one."""

    class FundingType(models.TextChoices):
        AFT = "aft"
        CORE_LEDGER = "core_ledger"
        UNKNOWN = "unknown"

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        DENIED = "denied"
        FAILED = "failed"

    payment = models.ForeignKey(
        "payments.Payment", on_delete=models.CASCADE, related_name="funding_attempts"
    )
    funding_type = models.CharField(max_length=16, choices=FundingType.choices)
    status = models.CharField(max_length=16, choices=Status.choices)
    # The money-movement reference (the ledger's capture reference once settled).
    reference = models.CharField(max_length=256, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_on", "id"]

    def __str__(self) -> str:
        return f"{self.funding_type} {self.status} for {self.payment_id}"


class PaymentEvent(ActorColumns):
    """Append-only history of a payment's status changes (the audit trail staff read).

    On PostgreSQL partitioned by month of `occurred_on` (common.partitions); kept as long as
    the payments are, so no partition of it is ever retired."""

    payment = models.ForeignKey("payments.Payment", on_delete=models.CASCADE, related_name="events")
    trigger = models.CharField(max_length=32)
    from_status = models.CharField(max_length=24, blank=True, default="")
    to_status = models.CharField(max_length=24)
    reason = models.CharField(max_length=512, blank=True, default="")
    occurred_on = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["occurred_on", "id"]

    def __str__(self) -> str:
        return f"{self.payment_id}: {self.from_status or '∅'} → {self.to_status} ({self.trigger})"
