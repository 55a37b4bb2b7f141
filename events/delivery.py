"""Sending one delivery: claim it, POST it signed, record the attempt, schedule what follows.

The HTTP call runs outside any transaction. Claiming takes one of the endpoint's slots
(events.slots), writes the attempt row and moves `next_attempt_on` a lease into the future,
so neither the sweeper nor a duplicate task sends it meanwhile; a worker that dies mid-send
leaves an open attempt row and a claim that lapses, and the sweeper hands the delivery over
again (at-least-once: the receiver dedupes on `webhook-id`). When a send ends, its slot goes
to the next delivery waiting for the same endpoint.
"""

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common import metrics, outbound
from events import addresses, schedule, services, signing, slots
from events.models import Delivery, DeliveryAttempt, WebhookEndpoint

logger = logging.getLogger(__name__)

REQUEST_ID_HEADER = "X-Request-ID"
EXCERPT_CHARS = 500
DISABLED_REASON = "every delivery failed for {days} days"
GONE = 410
GONE_REASON = "the receiver answered 410 Gone"


@dataclass(frozen=True)
class Outcome:
    status_code: int | None
    latency_ms: int
    error: str = ""
    excerpt: str = ""

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def _claim(delivery_id: str, now: datetime) -> tuple[Delivery, DeliveryAttempt] | None:
    """Lease a due delivery and write its attempt row, if its endpoint has a free slot;
    otherwise leave it waiting for one (events.slots). Locks the endpoint, then the delivery."""
    endpoint_id = (
        Delivery.objects.filter(pk=delivery_id).values_list("endpoint_id", flat=True).first()
    )
    if endpoint_id is None:
        return None
    with transaction.atomic():
        endpoint = WebhookEndpoint.objects.select_for_update().get(pk=endpoint_id)
        delivery = (
            Delivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("event")
            .filter(pk=delivery_id, status=Delivery.Status.PENDING, next_attempt_on__lte=now)
            .first()
        )
        if delivery is None or not endpoint.is_live:
            return None
        if not slots.room(endpoint, now):
            slots.wait_for_slot(delivery.pk)
            return None
        delivery.endpoint = endpoint
        delivery.attempts += 1
        delivery.last_attempt_on = now
        delivery.next_attempt_on = now + timedelta(seconds=settings.WEBHOOK_LEASE_SECONDS)
        delivery.save(update_fields=["attempts", "last_attempt_on", "next_attempt_on"])
        started = DeliveryAttempt.objects.create(
            delivery=delivery, number=delivery.attempts, started_on=now
        )
    return delivery, started


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


def _record(
    delivery: Delivery, started: DeliveryAttempt, outcome: Outcome, now: datetime
) -> Delivery:
    metrics.WEBHOOK_ATTEMPTS.labels("delivered" if outcome.succeeded else "failed").inc()
    with transaction.atomic():
        endpoint = WebhookEndpoint.objects.select_for_update().get(pk=delivery.endpoint_id)
        delivery = Delivery.objects.select_for_update().get(pk=delivery.pk)
        finished = timezone.now()
        DeliveryAttempt.objects.filter(pk=started.pk).update(
            finished_on=finished,
            status_code=outcome.status_code,
            latency_ms=outcome.latency_ms,
            error=outcome.error,
            response_excerpt=outcome.excerpt,
        )
        retry_in = None
        if outcome.succeeded:
            delivery.status = Delivery.Status.DELIVERED
            delivery.delivered_on = finished
            delivery.next_attempt_on = None
            if endpoint.failing_since is not None:
                endpoint.failing_since = None
                endpoint.save(update_fields=["failing_since"])
        else:
            retry_in = schedule.delay_after(delivery.attempts)
            if retry_in is None:
                delivery.status = Delivery.Status.FAILED
                delivery.next_attempt_on = None
            else:
                delivery.next_attempt_on = finished + retry_in
            _note_failure(endpoint, outcome, now)
        delivery.save(update_fields=["status", "delivered_on", "next_attempt_on"])
        _log(delivery, outcome, retry_in)
        slots.hand_on(endpoint, finished)
    return delivery


def _log(delivery: Delivery, outcome: Outcome, retry_in: timedelta | None) -> None:
    """One line an attempt, like the ledger's: IDs only (never the URL, which may carry a
    receiver's token, nor the reply, which may carry personal data)."""
    if outcome.succeeded:
        logger.info(
            "webhook %s %s attempt %d: delivered status=%s latency=%dms",
            delivery.endpoint_id,
            delivery.event_id,
            delivery.attempts,
            outcome.status_code,
            outcome.latency_ms,
        )
        return
    logger.warning(
        "webhook %s %s attempt %d: failed status=%s latency=%dms %s%s",
        delivery.endpoint_id,
        delivery.event_id,
        delivery.attempts,
        outcome.status_code,
        outcome.latency_ms,
        f"next_try_in={retry_in.total_seconds():.0f}s" if retry_in else "no more tries",
        f" error={outcome.error!r}" if outcome.error else "",
    )


def _note_failure(endpoint: WebhookEndpoint, outcome: Outcome, now: datetime) -> None:
    if outcome.status_code == GONE and endpoint.is_live:
        # The receiver says the endpoint is gone for good: stop sending there at once. What
        # it is owed stays pending, for staff to re-enable it if the receiver comes back.
        services.disable_endpoint(endpoint=endpoint, reason=GONE_REASON)
        logger.warning("webhook endpoint %s disabled: %s", endpoint.pk, GONE_REASON)
        return
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
    claimed = _claim(delivery_id, now)
    if claimed is None:
        return None
    delivery, started = claimed
    outcome = _post(delivery, now)
    return _record(delivery, started, outcome, now)
