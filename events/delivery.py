"""Sending one delivery: claim it, POST it signed, record the attempt, schedule what follows.

The HTTP call runs outside any transaction. Claiming moves `next_attempt_on` a lease into the
future, so neither the sweeper nor a duplicate task sends it meanwhile; a worker that dies
mid-send leaves the claim to lapse and the sweeper hands the delivery over again
(at-least-once: the receiver dedupes on `webhook-id`).
"""

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common import outbound
from events import addresses, schedule, services, signing
from events.models import Delivery, DeliveryAttempt, WebhookEndpoint
from ops import metrics

logger = logging.getLogger(__name__)

REQUEST_ID_HEADER = "X-Request-ID"
EXCERPT_CHARS = 500
DISABLED_REASON = "every delivery failed for {days} days"


@dataclass(frozen=True)
class Outcome:
    status_code: int | None
    latency_ms: int
    error: str = ""
    excerpt: str = ""

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def _claim(delivery_id: str, now: datetime) -> Delivery | None:
    with transaction.atomic():
        delivery = (
            Delivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("event", "endpoint")
            .filter(pk=delivery_id, status=Delivery.Status.PENDING, next_attempt_on__lte=now)
            .first()
        )
        if delivery is None or not delivery.endpoint.is_live:
            return None
        delivery.attempts += 1
        delivery.last_attempt_on = now
        delivery.next_attempt_on = now + timedelta(seconds=settings.WEBHOOK_LEASE_SECONDS)
        delivery.save(update_fields=["attempts", "last_attempt_on", "next_attempt_on"])
    return delivery


def _post(delivery: Delivery, now: datetime) -> Outcome:
    endpoint = delivery.endpoint
    started = time.monotonic()
    deadline = started + settings.WEBHOOK_DEADLINE_MS / 1000

    def elapsed() -> int:
        return int((time.monotonic() - started) * 1000)

    try:
        # Resolved once and checked; the connection goes to these addresses and no others.
        target = addresses.pin(endpoint.url)
    except addresses.UnsafeURL as exc:
        return Outcome(None, elapsed(), error=f"refused: url {exc}"[:255])
    text = signing.body(delivery.event.payload())
    headers = signing.headers(
        event_id=delivery.event_id,
        text=text,
        secrets=services.signing_secrets(endpoint, now=now),
        at=now,
    )
    if delivery.request_id:
        headers[REQUEST_ID_HEADER] = delivery.request_id
    try:
        reply = outbound.post(
            target.url,
            body=text.encode(),
            headers=headers,
            addresses=target.addresses,
            deadline=deadline,
            connect_timeout=settings.WEBHOOK_CONNECT_TIMEOUT_MS / 1000,
            read_timeout=settings.WEBHOOK_READ_TIMEOUT_MS / 1000,
            max_bytes=EXCERPT_CHARS * 4,  # 500 characters of UTF-8 at most
        )
    except outbound.Timeout:
        return Outcome(None, elapsed(), error="timeout")
    except outbound.OutboundError as exc:
        return Outcome(None, elapsed(), error=f"{type(exc).__name__}"[:255])
    # The status decides; the body is read only for the excerpt, up to its size and the
    # deadline, and the rest is never read.
    return Outcome(reply.status, elapsed(), excerpt=reply.text()[:EXCERPT_CHARS])


def _record(delivery: Delivery, outcome: Outcome, now: datetime) -> Delivery:
    metrics.WEBHOOK_ATTEMPTS.labels("delivered" if outcome.succeeded else "failed").inc()
    with transaction.atomic():
        endpoint = WebhookEndpoint.objects.select_for_update().get(pk=delivery.endpoint_id)
        delivery = Delivery.objects.select_for_update().get(pk=delivery.pk)
        DeliveryAttempt.objects.create(
            delivery=delivery,
            number=delivery.attempts,
            started_on=now,
            status_code=outcome.status_code,
            latency_ms=outcome.latency_ms,
            error=outcome.error,
            response_excerpt=outcome.excerpt,
        )
        finished = timezone.now()
        if outcome.succeeded:
            delivery.status = Delivery.Status.DELIVERED
            delivery.delivered_on = finished
            delivery.next_attempt_on = None
            if endpoint.failing_since is not None:
                endpoint.failing_since = None
                endpoint.save(update_fields=["failing_since"])
        else:
            wait = schedule.delay_after(delivery.attempts)
            if wait is None:
                delivery.status = Delivery.Status.FAILED
                delivery.next_attempt_on = None
            else:
                delivery.next_attempt_on = finished + wait
            _note_failure(endpoint, now)
        delivery.save(update_fields=["status", "delivered_on", "next_attempt_on"])
    return delivery


def _note_failure(endpoint: WebhookEndpoint, now: datetime) -> None:
    if endpoint.failing_since is None:
        endpoint.failing_since = now
        endpoint.save(update_fields=["failing_since"])
        return
    window = timedelta(seconds=settings.WEBHOOK_DISABLE_AFTER_SECONDS)
    if endpoint.is_live and now - endpoint.failing_since >= window:
        days = round(window.total_seconds() / 86400, 1)
        services.disable_endpoint(
            endpoint=endpoint, reason=DISABLED_REASON.format(days=f"{days:g}")
        )
        logger.warning("webhook endpoint %s disabled: %s", endpoint.pk, endpoint.disabled_reason)


def attempt(delivery_id: str, *, now: datetime | None = None) -> Delivery | None:
    """One try of a due delivery; None when it is not due, not pending or its endpoint is off."""
    now = now or timezone.now()
    delivery = _claim(delivery_id, now)
    if delivery is None:
        return None
    outcome = _post(delivery, now)
    return _record(delivery, outcome, now)
