"""Sending to an endpoint again or on demand: a test event, one event again, or every event
since a moment (after an outage on the receiver's side)."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from common import request_context
from common.errors import StateConflict
from events import selectors, types
from events.models import Delivery, Event, WebhookEndpoint
from events.services.endpoints import locked_endpoint
from events.services.outbox import live_endpoints, owe


def send_test(*, provider_id: str, endpoint_id: str) -> Event:
    """A `webhook.test` event to this endpoint only (it is in the feed like any other)."""
    with transaction.atomic():
        endpoint = locked_endpoint(provider_id, endpoint_id)
        if endpoint.status != WebhookEndpoint.Status.ENABLED:
            raise StateConflict(
                f"The endpoint is disabled ({endpoint.disabled_reason or 'by staff'}); "
                "nothing is sent to it until staff enable it."
            )
        now = timezone.now()
        event = Event.objects.create(
            provider_id=provider_id,
            type=types.WEBHOOK_TEST,
            created_on=now,
            data={"endpointID": endpoint.pk, "url": endpoint.url},
            request_id=request_context.request_id(),
            dispatched_on=now,  # to this endpoint only, owed below
        )
        owe([(event, endpoint)])
    return event


def redeliver_event(*, provider_id: str, event_id: str) -> list[Delivery]:
    """Send one event again to every live endpoint of the provider that takes its type."""
    with transaction.atomic():
        event = selectors.get_event(provider_id, event_id)
        endpoints = live_endpoints([provider_id])
        return owe([(event, endpoint) for endpoint in endpoints if endpoint.wants(event.type)])


def redeliver_since(*, provider_id: str, endpoint_id: str, since: datetime) -> list[Delivery]:
    """Owe the endpoint again every event of its types since `since` (after an outage on the
    receiver's side, or after staff re-enabled it)."""
    with transaction.atomic():
        endpoint = locked_endpoint(provider_id, endpoint_id)
        events = (
            selectors.served_events(provider_id)
            .filter(created_on__gte=since)
            .order_by("created_on", "id")
        )
        if endpoint.event_types:
            events = events.filter(type__in=endpoint.event_types)
        return owe([(event, endpoint) for event in events])
