"""The sandbox ledger's own books: what a provider's core ledger would keep."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone

from providers.models import Provider

RATE = [MinValueValidator(0.0), MaxValueValidator(1.0)]


class SandboxAccount(models.Model):
    """One funding source at the provider (keyed by its providerSourceID)."""

    provider = models.ForeignKey(Provider, on_delete=models.CASCADE, related_name="+")
    funding_source = models.CharField(max_length=256)
    currency = models.CharField(max_length=3)
    available_minor = models.BigIntegerField()
    held_minor = models.BigIntegerField(default=0)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "funding_source"], name="sandbox_account_source"
            ),
            models.CheckConstraint(
                condition=models.Q(available_minor__gte=0, held_minor__gte=0),
                name="sandbox_account_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.funding_source} @ {self.provider_id}"


class SandboxHold(models.Model):
    class Status(models.TextChoices):
        HELD = "held"
        RELEASED = "released"
        CAPTURED = "captured"

    reference = models.CharField(primary_key=True, max_length=40, editable=False)
    provider = models.ForeignKey(Provider, on_delete=models.CASCADE, related_name="+")
    account = models.ForeignKey(SandboxAccount, on_delete=models.CASCADE, related_name="holds")
    payout_id = models.CharField(max_length=64)
    amount_minor = models.BigIntegerField()
    currency = models.CharField(max_length=3)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.HELD)
    release_reference = models.CharField(max_length=40, blank=True, default="")
    capture_reference = models.CharField(max_length=40, blank=True, default="")
    captured_minor = models.BigIntegerField(default=0)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    released_on = models.DateTimeField(null=True, blank=True)
    captured_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["provider", "payout_id"], name="sandbox_hold_payout")]

    def __str__(self) -> str:
        return self.reference


class SandboxOperation(models.Model):
    """What the sandbox answered to one idempotency key on one endpoint, replayed on repeats.

    Unique per (provider, endpoint, key): the same key on another endpoint is another operation.
    """

    provider = models.ForeignKey(Provider, on_delete=models.CASCADE, related_name="+")
    endpoint = models.CharField(max_length=16)
    idempotency_key = models.CharField(max_length=255)
    payout_id = models.CharField(max_length=64)
    outcome = models.CharField(max_length=16)
    response = models.JSONField()  # the `service` claims answered
    replays = models.PositiveIntegerField(default=0)
    # The X-Request-ID the call came with (the service's request that caused it).
    request_id = models.CharField(max_length=128, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    last_replayed_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "endpoint", "idempotency_key"], name="sandbox_operation_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.endpoint} {self.idempotency_key}"


class SandboxFaults(models.Model):
    """Fault injection for one provider's sandbox ledger (tests and demos)."""

    provider = models.OneToOneField(
        Provider, primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    rate_503 = models.FloatField("503 rate", default=0.0, validators=RATE)
    rate_429 = models.FloatField("429 rate", default=0.0, validators=RATE)
    retry_after_seconds = models.PositiveIntegerField(default=1)
    # A slow answer is processed, then held back: past the client's timeout it is a lost reply.
    slow_rate = models.FloatField(default=0.0, validators=RATE)
    slow_ms = models.PositiveIntegerField(default=2000)
    # Statuses answered to the next requests, in order, before the rates apply.
    next_statuses = models.JSONField(default=list, blank=True)
    injected_503 = models.PositiveIntegerField(default=0, editable=False)
    injected_429 = models.PositiveIntegerField(default=0, editable=False)
    injected_slow = models.PositiveIntegerField(default=0, editable=False)
    injected_scripted = models.PositiveIntegerField(default=0, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = "sandbox faults"
        verbose_name_plural = "sandbox faults"

    def __str__(self) -> str:
        return f"Faults of {self.provider_id}"
