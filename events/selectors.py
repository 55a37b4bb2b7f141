"""Reads of events and webhook endpoints, always starting from the calling provider."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch, QuerySet, prefetch_related_objects

from common.errors import NotFound
from events.models import Delivery, DeliveryAttempt, Event, WebhookEndpoint
from events.retention import cutoff


@dataclass(frozen=True)
class EventFilters:
    types: tuple[str, ...] = ()
    created_from: datetime | None = None
    created_to: datetime | None = None

    def binding(self) -> dict:
        return {
            "type": sorted(self.types),
            "createdFrom": self.created_from.isoformat() if self.created_from else None,
            "createdTo": self.created_to.isoformat() if self.created_to else None,
        }


def served_events(provider_id: str) -> QuerySet[Event]:
    """The provider's events within retention: older ones wait for their partition's drop."""
    return Event.objects.filter(provider_id=provider_id, created_on__gte=cutoff())


def list_events(provider_id: str, filters: EventFilters) -> QuerySet[Event]:
    queryset = served_events(provider_id)
    if filters.types:
        queryset = queryset.filter(type__in=filters.types)
    if filters.created_from:
        queryset = queryset.filter(created_on__gte=filters.created_from)
    if filters.created_to:
        queryset = queryset.filter(created_on__lt=filters.created_to)
    return queryset


def get_event(provider_id: str, event_id: str) -> Event:
    event = served_events(provider_id).filter(pk=event_id).first()
    if event is None:
        raise NotFound("No event with that ID exists for this provider.")
    return event


def live_endpoints(provider_id: str) -> QuerySet[WebhookEndpoint]:
    return WebhookEndpoint.objects.filter(provider_id=provider_id, deleted_on__isnull=True)


def get_endpoint(provider_id: str, endpoint_id: str) -> WebhookEndpoint:
    endpoint = live_endpoints(provider_id).filter(pk=endpoint_id).first()
    if endpoint is None:
        raise NotFound("No webhook endpoint with that ID exists for this provider.")
    return endpoint


def endpoint_deliveries(endpoint: WebhookEndpoint) -> QuerySet[Delivery]:
    """What the endpoint was owed; the list's keyset walks the `delivery_endpoint` index of
    each partition. Nothing is joined here: a page's events and attempts are read for that
    page alone (`with_events_and_attempts`)."""
    return Delivery.objects.filter(endpoint=endpoint)


def with_events_and_attempts(deliveries: list[Delivery]) -> list[Delivery]:
    """The page's deliveries with their event's type (`event_type`) and their attempts, oldest
    first: two more queries. The events are named with their partition key, so only their
    months' partitions are read."""
    events = dict(
        Event.objects.filter(
            pk__in={d.event_id for d in deliveries},
            created_on__in={d.event_created_on for d in deliveries},
        ).values_list("pk", "type")
    )
    for delivery in deliveries:
        delivery.event_type = events.get(delivery.event_id, "")
    attempts = DeliveryAttempt.objects.order_by("number")
    prefetch_related_objects(deliveries, Prefetch("attempt_log", queryset=attempts))
    return deliveries
