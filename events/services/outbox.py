"""The outbox: events written in their change's transaction, their deliveries, and the
hand-over of both to the workers.

`record` is called by the domain services inside the transaction of their change, with the
change already rendered for each provider that may see it, so an event commits with its change
or not at all. A worker writes the deliveries to the provider's endpoints (`dispatch`) and
hands them on; the sweeper hands over whatever is due and was not picked up.
"""

import logging
from collections.abc import Mapping
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from common import request_context
from common.handover import hand_over
from common.rendering import json_ready
from common.sweeps import take_due
from events import record_sql, slots, types
from events.models import Delivery, Event, WebhookEndpoint

logger = logging.getLogger(__name__)


def live_endpoints(provider_ids) -> list[WebhookEndpoint]:
    return list(
        WebhookEndpoint.objects.filter(
            provider_id__in=list(provider_ids),
            deleted_on__isnull=True,
            status=WebhookEndpoint.Status.ENABLED,
        )
    )


def _wanted(event: Event, endpoints: list[WebhookEndpoint]) -> list[WebhookEndpoint]:
    return [e for e in endpoints if e.provider_id == event.provider_id and e.wants(event.type)]


def record(event_type: str, views: Mapping[str, dict]) -> list[Event]:
    """One event per provider in `views` (providerID → that provider's rendering of the
    change). Call inside the change's transaction. The request pays for the event rows (on
    PostgreSQL one statement, which also asks whether an endpoint wants them; elsewhere a
    read of the providers' endpoints first) and, when one does, one publish after commit:
    the deliveries are written by a worker (`dispatch`)."""
    return record_each([(event_type, views)])


def record_each(changes: list[tuple[str, Mapping[str, dict]]]) -> list[Event]:
    """`record` for several changes made in one transaction, in the order they happened: one
    insert for all of them. Each change's events get a later `createdOn` than the one before,
    so the feed (ordered by createdOn, then ID) and the deliveries keep their order."""
    for event_type, _ in changes:
        if event_type not in types.ALL_TYPES:
            raise ValueError(f"unknown event type {event_type!r}")
    changes = [(event_type, views) for event_type, views in changes if views]
    if not changes:
        return []
    caused_by = request_context.request_id()
    events, now = [], timezone.now()
    for n, (event_type, views) in enumerate(changes):
        at = now + timedelta(microseconds=n)
        events += [
            Event(
                provider_id=provider_id,
                type=event_type,
                created_on=at,
                data=json_ready(data),
                request_id=caused_by,
            )
            for provider_id, data in views.items()
        ]
    if record_sql.applies():
        record_sql.insert(events)
    else:
        endpoints = live_endpoints({event.provider_id for event in events})
        for event in events:
            if not _wanted(event, endpoints):
                event.dispatched_on = event.created_on  # nobody to send it to
        Event.objects.bulk_create(events)
    waiting = [event.pk for event in events if event.dispatched_on is None]
    if waiting:
        transaction.on_commit(partial(enqueue_dispatch, waiting))
    return events


def enqueue_dispatch(event_ids: list[str]) -> None:
    """Hand events to a worker to write their deliveries. Never raises: the sweeper
    dispatches whatever this fails to hand over."""
    from events.tasks import dispatch_events

    hand_over(
        dispatch_events,
        list(event_ids),
        what=f"{len(event_ids)} events for dispatch",
        logger=logger,
    )


def dispatch(event_ids: list[str], *, now: datetime | None = None) -> list[str]:
    """Write the deliveries of events not yet dispatched (to the endpoints that want them
    now), and hand those to the workers. Idempotent: a dispatched event is left alone."""
    now = now or timezone.now()
    with transaction.atomic():
        events = list(
            Event.objects.select_for_update(skip_locked=True)
            .filter(pk__in=event_ids, dispatched_on__isnull=True)
            .order_by("created_on", "id")
        )
        if not events:
            return []
        endpoints = live_endpoints({event.provider_id for event in events})
        deliveries = owe(
            [(event, endpoint) for event in events for endpoint in _wanted(event, endpoints)],
            enqueued_on=now,
            enqueue_each=True,
        )
        Event.objects.filter(pk__in=[event.pk for event in events]).update(dispatched_on=now)
    return [delivery.pk for delivery in deliveries]


def owe(
    pairs: list[tuple[Event, WebhookEndpoint]],
    *,
    enqueued_on: datetime | None = None,
    enqueue_each: bool = False,
) -> list[Delivery]:
    """Deliveries due now, handed to the workers once the transaction commits."""
    now = timezone.now()
    deliveries = Delivery.objects.bulk_create(
        Delivery(
            event=event,
            event_created_on=event.created_on,
            endpoint=endpoint,
            next_attempt_on=now,
            enqueued_on=enqueued_on or now,
            created_on=now,
            request_id=event.request_id or request_context.request_id(),
        )
        for event, endpoint in pairs
    )
    if deliveries:
        ids = [d.pk for d in deliveries]
        transaction.on_commit(partial(fan_out if enqueue_each else enqueue, ids))
    return deliveries


def enqueue(delivery_ids: list[str]) -> None:
    """Hand deliveries to the workers in one message (the worker fans them out, so a request
    pays one publish however many endpoints listen). Never raises: what fails here, the
    sweeper hands over."""
    from events.tasks import deliver_webhooks

    if not delivery_ids:
        return
    hand_over(
        deliver_webhooks,
        list(delivery_ids),
        what=f"{len(delivery_ids)} webhook deliveries",
        logger=logger,
    )


def fan_out(delivery_ids: list[str]) -> None:
    """One task per delivery, so several workers send in parallel and one slow receiver
    holds up no other. Never raises (the sweeper hands over what this fails to)."""
    from events.tasks import deliver_webhook

    for delivery_id in delivery_ids:
        hand_over(
            deliver_webhook, delivery_id, what=f"webhook delivery {delivery_id}", logger=logger
        )


def sweep(*, now: datetime | None = None, batch: int = 500) -> list[str]:
    """Dispatch the events no worker dispatched, then hand over every pending delivery that
    is due, to a live endpoint, and was not handed over recently (the broker lost it, a
    worker died mid-send, or a retry came due)."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.WEBHOOK_REDELIVER_AFTER_SECONDS)
    stale = list(
        Event.objects.filter(dispatched_on__isnull=True, created_on__lte=cutoff)
        .order_by("created_on")
        .values_list("pk", flat=True)[:batch]
    )
    dispatched = dispatch(stale, now=now) if stale else []
    slots.close_interrupted(now)
    due = take_due(
        Delivery.objects.filter(
            # Not with the broker (waiting for a slot, or never handed over: NULL, as
            # `enable_endpoint` once left them), or handed over a while ago and still not sent.
            Q(enqueued_on__isnull=True) | Q(enqueued_on__lte=cutoff),
            status=Delivery.Status.PENDING,
            next_attempt_on__lte=now,
            endpoint__deleted_on__isnull=True,
            endpoint__status=WebhookEndpoint.Status.ENABLED,
        ),
        stamp="enqueued_on",
        now=now,
        order_by=("next_attempt_on",),
        batch=batch,
    )
    enqueue(due)
    return [*dispatched, *due]
