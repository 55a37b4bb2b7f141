from django.db import models
from django.utils import timezone

from common.ids import new_id
from providers.models import Provider


def _receiver_id() -> str:
    return new_id("rcv")


class Receiver(models.Model):
    """One receiving URL, `/sandbox/webhooks/<receiverID>/`, and the secret it verifies with."""

    id = models.CharField(primary_key=True, max_length=40, default=_receiver_id, editable=False)
    provider = models.ForeignKey(Provider, on_delete=models.CASCADE, related_name="+")
    endpoint_id = models.CharField(max_length=40, blank=True, default="")
    sealed_secret = models.TextField(blank=True, default="", editable=False)
    # Answer this many deliveries with 500 before accepting again (to watch retries).
    fail_next = models.PositiveIntegerField(default=0)
    created_on = models.DateTimeField(default=timezone.now, editable=False)

    def __str__(self) -> str:
        return self.id


class ReceivedWebhook(models.Model):
    receiver = models.ForeignKey(Receiver, on_delete=models.CASCADE, related_name="received")
    webhook_id = models.CharField(max_length=64, blank=True, default="")
    event_type = models.CharField(max_length=64, blank=True, default="")
    verified = models.BooleanField(default=False)
    # Why verification failed, or that a fault was injected.
    error = models.CharField(max_length=255, blank=True, default="")
    status_code = models.PositiveIntegerField(default=204)
    body = models.JSONField(null=True, blank=True)
    request_id = models.CharField(max_length=128, blank=True, default="")
    received_on = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-received_on", "-id"]

    def __str__(self) -> str:
        return f"{self.event_type or 'unknown'} {self.webhook_id}"
