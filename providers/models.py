from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone

from api import rate_limits
from common.ids import new_id


def _budget_field(what: str, setting: str):
    return models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=(
            f"Requests of each API key: {what} per window of RATE_LIMIT_WINDOW_SECONDS "
            f"(10 s unless configured). Empty: the service's default, {setting}."
        ),
    )


def _provider_id() -> str:
    return new_id("prv")


API_KEY_ID_PREFIX = "key"


def _api_key_id() -> str:
    return new_id(API_KEY_ID_PREFIX)


def _token_id() -> str:
    return new_id("tok")


class Provider(models.Model):
    """A financial institution or platform: the tenant every API call is scoped to."""

    id = models.CharField(primary_key=True, max_length=40, default=_provider_id, editable=False)
    name = models.CharField(max_length=200)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    # Each API key's budgets per rate-limit window (api.rate_limits); empty: the settings'.
    reads_per_window = _budget_field("reads (lists, searches, every GET)", "RATE_LIMIT_READS")
    writes_per_window = _budget_field("writes", "RATE_LIMIT_WRITES")
    webhook_tests_per_window = _budget_field("webhook test sends", "RATE_LIMIT_WEBHOOK_TESTS")

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"

    def rate_limits(self) -> dict[str, int]:
        """The budgets this provider sets itself, by api.rate_limits' budget name."""
        own = {
            rate_limits.READS: self.reads_per_window,
            rate_limits.WRITES: self.writes_per_window,
            rate_limits.WEBHOOK_TESTS: self.webhook_tests_per_window,
        }
        return {budget: quota for budget, quota in own.items() if quota is not None}


class ApiKey(models.Model):
    """Key ID + secret, sent as HTTP Basic. Only a SHA-256 of the secret is kept."""

    id = models.CharField(primary_key=True, max_length=40, default=_api_key_id, editable=False)
    provider = models.ForeignKey(Provider, on_delete=models.CASCADE, related_name="api_keys")
    secret_hash = models.CharField(max_length=64, editable=False)
    scopes = models.JSONField(default=list)
    label = models.CharField(max_length=200, blank=True, default="")
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    revoked_on = models.DateTimeField(null=True, blank=True)
    last_used_on = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name = "API key"

    def __str__(self) -> str:
        return self.id

    @property
    def is_active(self) -> bool:
        return self.revoked_on is None


class BearerToken(models.Model):
    """An expiring token carrying a subset of its issuer's scopes (a narrowed token)."""

    id = models.CharField(primary_key=True, max_length=40, default=_token_id, editable=False)
    provider = models.ForeignKey(Provider, on_delete=models.CASCADE, related_name="tokens")
    # The key it was narrowed from; empty when staff issued it directly.
    api_key = models.ForeignKey(
        ApiKey, on_delete=models.CASCADE, null=True, blank=True, related_name="tokens"
    )
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    scopes = models.JSONField(default=list)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    expires_on = models.DateTimeField()
    revoked_on = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.id
