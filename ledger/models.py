from django.db import models
from django.utils import timezone

from common.fields import ChangeColumns
from common.ids import new_id
from common.partition_keys import CopiedPartitionKey
from ledger import keys
from providers.models import Provider


def _call_id() -> str:
    return new_id("lcl")


class Endpoint(models.TextChoices):
    AUTHORIZE = "authorize"
    RELEASE = "release"
    CAPTURE = "capture"


class LedgerRegistration(models.Model):
    """A provider's ledger: where the three callbacks go and the key their JWEs use.

    The key is stored sealed (see ledger.keys); `key_id` is its RFC 7638 thumbprint, which
    identifies it without revealing it.
    """

    provider = models.OneToOneField(
        Provider, primary_key=True, on_delete=models.CASCADE, related_name="ledger"
    )
    authorize_url = models.URLField(max_length=2000)
    release_url = models.URLField(max_length=2000)
    capture_url = models.URLField(max_length=2000)
    key_sealed = models.TextField(editable=False)
    key_id = models.CharField("key thumbprint", max_length=64, editable=False)
    key_set_on = models.DateTimeField(editable=False)
    # The key a rotation replaced: it still opens the provider's answers until it expires.
    previous_key_sealed = models.TextField(blank=True, default="", editable=False)
    previous_key_id = models.CharField(max_length=64, blank=True, default="", editable=False)
    previous_key_expires_on = models.DateTimeField(null=True, blank=True, editable=False)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        verbose_name = "ledger registration"

    def __str__(self) -> str:
        return f"Ledger of {self.provider_id}"

    def key(self):
        """The shared JWK (raises ledger.keys.UnreadableKey when it cannot be decrypted)."""
        return keys.unseal(self.key_sealed, provider_id=self.provider_id)

    def previous_key_valid(self, now) -> bool:
        expires = self.previous_key_expires_on
        return bool(self.previous_key_sealed) and expires is not None and now < expires

    def answer_keys(self, now) -> list:
        """The keys that may seal the provider's answers now: the previous one too during a
        rotation's overlap (raises ledger.keys.UnreadableKey as `key`)."""
        found = [self.key()]
        if self.previous_key_valid(now):
            found.append(keys.unseal(self.previous_key_sealed, provider_id=self.provider_id))
        return found

    def url_for(self, endpoint: str) -> str:
        return {
            Endpoint.AUTHORIZE: self.authorize_url,
            Endpoint.RELEASE: self.release_url,
            Endpoint.CAPTURE: self.capture_url,
        }[endpoint]


class LedgerRegistrationChange(ChangeColumns):
    """Append-only trail of ledger registrations: who pointed a provider's callbacks where, or
    set its key (by thumbprint), when, and the values before and after (absent on a create).
    Written by `ledger.registration` only."""

    class Action(models.TextChoices):
        CREATE = "create"
        UPDATE = "update"

    # Kept when a registration goes, and readable without joining the provider.
    provider_id = models.CharField(max_length=40, db_index=True)
    action = models.CharField(max_length=16, choices=Action.choices)

    class Meta:
        ordering = ["-created_on", "-id"]
        verbose_name = "ledger registration change"

    def __str__(self) -> str:
        return f"{self.provider_id} {self.action}"


class Outcome(models.TextChoices):
    APPROVED = "approved"
    DENIED = "denied"
    FAILED = "failed"
    UNKNOWN = "unknown"
    ERROR = "error"


class LedgerCall(models.Model):
    """One callback the service owes a provider's ledger, from request to final outcome.

    Written in the caller's transaction, so a call exists exactly when the change that needed
    it committed; the delivery task and the stalled-call sweeper work from this row.
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        COMPLETED = "completed"

    id = models.CharField(primary_key=True, max_length=40, default=_call_id, editable=False)
    provider = models.ForeignKey(Provider, on_delete=models.PROTECT, related_name="ledger_calls")
    endpoint = models.CharField(max_length=16, choices=Endpoint.choices)
    payout_id = models.CharField(max_length=64)
    idempotency_key = models.CharField(max_length=255)
    # The `service` claims sent on every attempt (iat and exp are fresh on each).
    service = models.JSONField()
    reply_to = models.CharField(max_length=200)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_on = models.DateTimeField(default=timezone.now)
    # Set while a worker is making an attempt, so a duplicate delivery does not run in parallel.
    leased_until = models.DateTimeField(null=True, blank=True)

    outcome = models.CharField(max_length=16, choices=Outcome.choices, blank=True, default="")
    reference = models.CharField(max_length=256, null=True, blank=True)
    reason = models.TextField(null=True, blank=True)
    failure_code = models.CharField(max_length=64, null=True, blank=True)
    http_status = models.PositiveSmallIntegerField(null=True, blank=True)

    created_on = models.DateTimeField(default=timezone.now, editable=False)
    completed_on = models.DateTimeField(null=True, blank=True)
    # When the outcome was last handed to `reply_to`, and when `reply_to` acknowledged it.
    handed_over_on = models.DateTimeField(null=True, blank=True)
    replied_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["payout_id", "created_on"], name="ledger_call_payout"),
            models.Index(
                fields=["next_attempt_on"],
                name="ledger_call_pending",
                condition=models.Q(status="pending"),
            ),
            models.Index(
                fields=["completed_on"],
                name="ledger_call_unreplied",
                condition=models.Q(status="completed", replied_on__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.endpoint} {self.payout_id} ({self.id})"


class CallbackAttempt(CopiedPartitionKey):
    """One HTTP attempt of a ledger call: what was sent where and what came back. Append-only.

    On PostgreSQL partitioned by the month of its call's creation (`call_created_on`), so all
    attempts of a call share a partition and their numbers stay unique per call."""

    class Result(models.TextChoices):
        APPROVED = "approved"
        DENIED = "denied"
        FAILED = "failed"
        UNKNOWN = "unknown"
        RETRY = "retry"  # retryable failure; another attempt is scheduled
        UNAVAILABLE = "unavailable"  # retryable failure on the last allowed attempt
        REJECTED = "rejected"  # terminal HTTP status
        BAD_RESPONSE = "bad_response"  # 200 that could not be trusted

    call = models.ForeignKey(LedgerCall, on_delete=models.CASCADE, related_name="attempt_log")
    provider = models.ForeignKey(Provider, on_delete=models.PROTECT, related_name="ledger_attempts")
    endpoint = models.CharField(max_length=16, choices=Endpoint.choices)
    payout_id = models.CharField(max_length=64)
    attempt = models.PositiveIntegerField()
    url = models.URLField(max_length=2000)
    http_status = models.PositiveSmallIntegerField(null=True, blank=True)
    latency_ms = models.PositiveIntegerField()
    outcome = models.CharField(max_length=16, choices=Result.choices)
    error = models.TextField(blank=True, default="")
    retry_in_ms = models.PositiveIntegerField(null=True, blank=True)
    started_on = models.DateTimeField()
    call_created_on = models.DateTimeField(editable=False)

    copied_key = ("call_created_on", "call", "created_on")

    class Meta:
        constraints = [
            # `call_created_on` follows from `call`: still one row per call and number.
            models.UniqueConstraint(
                fields=["call", "attempt", "call_created_on"], name="callback_attempt_number"
            )
        ]
        indexes = [
            models.Index(fields=["payout_id", "started_on"], name="callback_attempt_payout"),
            models.Index(fields=["provider", "-started_on"], name="callback_attempt_provider"),
        ]

    def __str__(self) -> str:
        return f"{self.endpoint} {self.payout_id} #{self.attempt}"
