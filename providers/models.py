from django.db import models
from django.utils import timezone

from common.ids import new_id


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

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"


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
