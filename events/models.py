"""The event log and webhook delivery state.

An `Event` is one change as one provider may see it, written in the transaction of the change
(a transactional outbox). A `Delivery` is that event owed to one of the provider's webhook
endpoints; each try is a `DeliveryAttempt`. The sweeper finds pending deliveries by
`next_attempt_on`, so the broker is never the only copy of what is owed.
"""

from django.db import models
from django.db.models import Q
from django.utils import timezone

from common.ids import new_id
from common.partition_keys import CopiedPartitionKey
from providers.models import Provider


def _event_id() -> str:
    return new_id("evt")


def _endpoint_id() -> str:
    return new_id("whe")


def _delivery_id() -> str:
    return new_id("dlv")


class Event(models.Model):
    id = models.CharField(primary_key=True, max_length=40, default=_event_id, editable=False)
    provider = models.ForeignKey(
        Provider, on_delete=models.CASCADE, related_name="events", db_index=False
    )
    type = models.CharField(max_length=64)
    created_on = models.DateTimeField(default=timezone.now)
    # The resource as this provider's GET renders it, plus the change (JSON-ready).
    data = models.JSONField(default=dict)
    # The API request that caused the change, when one did (support tickets quote it).
    request_id = models.CharField(max_length=128, blank=True, default="")
    # When its deliveries were written; empty while a worker still has to (only events some
    # endpoint of the provider wanted when they were recorded wait for that).
    dispatched_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The sweeper's scan of events still to dispatch.
            models.Index(
                fields=["created_on"],
                name="event_undispatched",
                condition=Q(dispatched_on__isnull=True),
            ),
            # The feed, oldest first, and its type filter.
            models.Index(fields=["provider", "created_on", "id"], name="event_feed"),
            models.Index(fields=["provider", "type", "created_on", "id"], name="event_feed_type"),
            # Retention purge.
            models.Index(fields=["created_on"], name="event_created"),
        ]

    def __str__(self) -> str:
        return f"{self.type} {self.id}"

    def payload(self) -> dict:
        """The body a consumer receives: the same over the feed and the webhook."""
        from common.rendering import json_ready

        return {
            "type": self.type,
            "eventID": self.id,
            "createdOn": json_ready(self.created_on),
            "data": self.data,
        }


class WebhookEndpoint(models.Model):
    """A provider's URL that receives its events, signed with a secret shown once."""

    class Status(models.TextChoices):
        ENABLED = "enabled"
        DISABLED = "disabled"

    id = models.CharField(primary_key=True, max_length=40, default=_endpoint_id, editable=False)
    provider = models.ForeignKey(
        Provider, on_delete=models.CASCADE, related_name="webhook_endpoints", db_index=False
    )
    url = models.CharField(max_length=2048)
    description = models.CharField(max_length=255, blank=True, default="")
    # Empty: every event type.
    event_types = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ENABLED)
    disabled_on = models.DateTimeField(null=True, blank=True)
    disabled_reason = models.CharField(max_length=255, blank=True, default="")
    # Sealed (encrypted at rest) signing secrets; the previous one signs too until it expires.
    sealed_secret = models.TextField(editable=False)
    sealed_previous_secret = models.TextField(blank=True, default="", editable=False)
    previous_secret_expires_on = models.DateTimeField(null=True, blank=True)
    # Start of the current run of failed attempts (cleared by any success).
    failing_since = models.DateTimeField(null=True, blank=True)
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)
    deleted_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["provider", "-created_on", "-id"],
                name="webhook_endpoint_page",
                condition=Q(deleted_on__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.url} ({self.id})"

    @property
    def is_live(self) -> bool:
        return self.deleted_on is None and self.status == self.Status.ENABLED

    def wants(self, event_type: str) -> bool:
        return not self.event_types or event_type in self.event_types


class Delivery(CopiedPartitionKey):
    class Status(models.TextChoices):
        PENDING = "pending"
        DELIVERED = "delivered"
        FAILED = "failed"  # every scheduled attempt failed
        CANCELLED = "cancelled"  # the endpoint was deleted

    id = models.CharField(primary_key=True, max_length=40, default=_delivery_id, editable=False)
    # No database foreign key: events are partitioned on PostgreSQL (common.partitions), and a
    # delivery retires with its event's partition, which `event_created_on` names.
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="deliveries", db_constraint=False
    )
    event_created_on = models.DateTimeField(editable=False)
    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    # When the next try is due; while a worker is sending, a lease in the near future.
    next_attempt_on = models.DateTimeField(null=True, blank=True)
    last_attempt_on = models.DateTimeField(null=True, blank=True)
    # Last handed to the broker; the sweeper hands it again when that was a while ago.
    enqueued_on = models.DateTimeField(null=True, blank=True)
    delivered_on = models.DateTimeField(null=True, blank=True)
    created_on = models.DateTimeField(default=timezone.now)
    request_id = models.CharField(max_length=128, blank=True, default="")

    copied_key = ("event_created_on", "event", "created_on")

    class Meta:
        verbose_name_plural = "deliveries"
        indexes = [
            # The sweeper's scan of what is due.
            models.Index(
                fields=["next_attempt_on"],
                name="delivery_due",
                condition=Q(status="pending"),
            ),
            models.Index(fields=["endpoint", "-created_on"], name="delivery_endpoint"),
            # Deliveries waiting for a slot at their endpoint, oldest due first.
            models.Index(
                fields=["endpoint", "next_attempt_on"],
                name="delivery_waiting_slot",
                condition=Q(status="pending", enqueued_on__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} → {self.endpoint_id}"


class DeliveryAttempt(CopiedPartitionKey):
    """One try, written when it starts (so a send cut off by a killed worker still shows) and
    completed with its outcome; one without `finished_on` is in flight, or was interrupted once
    its lease has passed."""

    delivery = models.ForeignKey(
        Delivery, on_delete=models.CASCADE, related_name="attempt_log", db_constraint=False
    )
    # The partition key, as on its delivery: an attempt retires with its event.
    event_created_on = models.DateTimeField(editable=False)
    number = models.PositiveIntegerField()
    started_on = models.DateTimeField(default=timezone.now)
    finished_on = models.DateTimeField(null=True, blank=True)
    # None: no HTTP answer (timeout, refused, unsafe address).
    status_code = models.PositiveIntegerField(null=True, blank=True)
    latency_ms = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=255, blank=True, default="")
    response_excerpt = models.CharField(max_length=500, blank=True, default="")

    copied_key = ("event_created_on", "delivery", "event_created_on")

    class Meta:
        ordering = ["delivery", "number"]
        indexes = [
            # Sends in flight, counted per endpoint before each claim (few rows at any time).
            models.Index(
                fields=["delivery"],
                name="delivery_attempt_open",
                condition=Q(finished_on__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return f"attempt {self.number} of {self.delivery_id}"

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300

    @property
    def finished(self) -> bool:
        return self.finished_on is not None
