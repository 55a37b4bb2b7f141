from django.db import models


class IdempotencyRecord(models.Model):
    """One X-Idempotency-Key of one provider: the request fingerprint and, once done, the response.

    provider_id is a plain column: the plumbing knows no domain model.
    """

    class State(models.TextChoices):
        IN_PROGRESS = "in_progress"
        COMPLETED = "completed"

    provider_id = models.CharField(max_length=64)
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)
    state = models.CharField(max_length=16, choices=State.choices, default=State.IN_PROGRESS)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    # Sealed (api.idempotency): rows stored before sealing began were sealed by a migration.
    response_body = models.BinaryField(null=True, blank=True)
    response_sealed = models.BooleanField(default=False)
    response_headers = models.JSONField(default=dict, blank=True)
    created_on = models.DateTimeField()
    completed_on = models.DateTimeField(null=True, blank=True)
    expires_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["provider_id", "key"], name="idempotency_provider_key")
        ]
        indexes = [models.Index(fields=["expires_on"], name="idempotency_expires_on")]

    def __str__(self) -> str:
        return f"{self.provider_id}:{self.key} ({self.state})"
