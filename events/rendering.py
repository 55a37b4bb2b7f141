"""Events and webhook endpoints as plain dicts, datetimes left for the JSON encoder (the
schema serializers in `events/api/serializers.py` describe the same shapes). A signing secret
is rendered only by the responses that create it."""

from events.models import Delivery, Event, WebhookEndpoint


def render_event(event: Event) -> dict:
    return event.payload()


def render_endpoint(endpoint: WebhookEndpoint) -> dict:
    data: dict = {
        "endpointID": endpoint.pk,
        "url": endpoint.url,
        "eventTypes": list(endpoint.event_types),
        "status": endpoint.status,
        "createdOn": endpoint.created_on,
        "updatedOn": endpoint.updated_on,
    }
    if endpoint.description:
        data["description"] = endpoint.description
    if endpoint.disabled_on:
        data["disabledOn"] = endpoint.disabled_on
        data["disabledReason"] = endpoint.disabled_reason
    if endpoint.previous_secret_expires_on:
        data["previousSecretExpiresOn"] = endpoint.previous_secret_expires_on
    return data


def render_endpoint_with_secret(endpoint: WebhookEndpoint, secret: str) -> dict:
    return {**render_endpoint(endpoint), "secret": secret}


def render_redelivery(event_id: str, deliveries: list[Delivery]) -> dict:
    """The 202 answer to a redelivery: the event and the endpoints it goes to again."""
    return {"eventID": event_id, "endpointIDs": [d.endpoint_id for d in deliveries]}
