"""A provider's changes to one of its webhook endpoints: where it is sent (checked as at
registration), which types it takes, its description, and whether it is on."""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from events.models import WebhookEndpoint
from events.services import endpoints as services

DISABLED_BY_PROVIDER = "disabled by the provider"


@dataclass(frozen=True)
class EndpointChanges:
    url: str | None = None
    event_types: list[str] | None = None
    description: str | None = None
    status: str | None = None  # WebhookEndpoint.Status


def update_endpoint(
    *, provider_id: str, endpoint_id: str, changes: EndpointChanges
) -> WebhookEndpoint:
    """Apply the fields given. Turning a disabled endpoint on makes what it is still owed due
    now (as staff re-enabling it do); turning it off keeps that owed until it is on again. A
    new URL is where every later attempt goes, those still owed included."""
    with transaction.atomic():
        endpoint = services.locked_endpoint(provider_id, endpoint_id)
        fields = []
        if changes.url is not None and changes.url != endpoint.url:
            endpoint.url = services.check_url(changes.url)
            fields.append("url")
        if changes.event_types is not None:
            event_types = services.check_types(changes.event_types)
            if event_types != endpoint.event_types:
                endpoint.event_types = event_types
                fields.append("event_types")
        if changes.description is not None and changes.description != endpoint.description:
            endpoint.description = changes.description
            fields.append("description")
        if fields:
            endpoint.updated_on = timezone.now()
            endpoint.save(update_fields=[*fields, "updated_on"])
        if changes.status is not None and changes.status != endpoint.status:
            if changes.status == WebhookEndpoint.Status.ENABLED:
                endpoint = services.enable_endpoint(
                    provider_id=provider_id, endpoint_id=endpoint.pk
                )
            else:
                services.disable_endpoint(endpoint=endpoint, reason=DISABLED_BY_PROVIDER)
    return endpoint
