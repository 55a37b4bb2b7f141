"""Sharing the webhook workers fairly between endpoints.

An endpoint may have at most `WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT` sends in flight (one while it
is failing), so a slow or hostile receiver holds that many webhook worker slots and no more;
the other slots keep serving every other endpoint. A delivery whose endpoint has no room when
its task arrives is not sent: it is marked as waiting for a slot (`enqueued_on` empty, "owed
but not with the broker") and the task ends at once. Each send that ends hands its slot to the
oldest delivery waiting for the same endpoint, as a new message at the back of the queue, so
endpoints take turns. The sweeper picks up anything waiting that no send handed on (a worker
killed mid-send).

"In flight" is read from the attempt log: an attempt row is written when a send starts and
completed when it ends; one left open past the lease was cut off (the sweeper closes it).
Callers hold the endpoint's row lock, which orders every claim and hand-over for an endpoint.
"""

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction

from events.models import Delivery, DeliveryAttempt, WebhookEndpoint

INTERRUPTED = "interrupted: no outcome recorded (the send was cut off)"


def _lease() -> timedelta:
    return timedelta(seconds=settings.WEBHOOK_LEASE_SECONDS)


def limit(endpoint: WebhookEndpoint) -> int:
    """Sends allowed in flight: one while the endpoint is failing (backed off first)."""
    if endpoint.failing_since is not None:
        return 1
    return max(1, settings.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT)


def in_flight(endpoint_id: str, now: datetime) -> int:
    return DeliveryAttempt.objects.filter(
        delivery__endpoint_id=endpoint_id,
        finished_on__isnull=True,
        started_on__gt=now - _lease(),
    ).count()


def room(endpoint: WebhookEndpoint, now: datetime) -> int:
    return max(0, limit(endpoint) - in_flight(endpoint.pk, now))


def wait_for_slot(delivery_id: str) -> None:
    """No room now: the delivery waits until a send to its endpoint ends."""
    Delivery.objects.filter(pk=delivery_id).update(enqueued_on=None)


def hand_on(endpoint: WebhookEndpoint, now: datetime) -> list[str]:
    """Hand as many waiting deliveries to the broker as the endpoint has room for, oldest
    first, once the caller's transaction commits."""
    if not endpoint.is_live:
        return []
    free = room(endpoint, now)
    if not free:
        return []
    waiting = list(
        Delivery.objects.select_for_update(skip_locked=True)
        .filter(
            endpoint_id=endpoint.pk,
            status=Delivery.Status.PENDING,
            enqueued_on__isnull=True,
            next_attempt_on__lte=now,
        )
        .order_by("next_attempt_on", "created_on")
        .values_list("pk", flat=True)[:free]
    )
    if waiting:
        Delivery.objects.filter(pk__in=waiting).update(enqueued_on=now)
        transaction.on_commit(partial(_enqueue, waiting))
    return waiting


def _enqueue(delivery_ids: list[str]) -> None:
    from events import services

    services.fan_out(delivery_ids)


def close_interrupted(now: datetime) -> int:
    """Attempts left open past their lease were cut off (the worker died or was killed): say
    so, so the attempt log shows every send that began."""
    return DeliveryAttempt.objects.filter(
        finished_on__isnull=True, started_on__lte=now - _lease()
    ).update(finished_on=now, error=INTERRUPTED)
