"""Events and webhook endpoints as plain dicts, datetimes left for the JSON encoder (the
schema serializers in `events/api/serializers.py` describe the same shapes). A signing secret
is rendered only by the responses that create it."""

from common.rendering import put
from events.models import Delivery, DeliveryAttempt, Event, WebhookEndpoint


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


def _attempt(attempt: DeliveryAttempt) -> dict:
    data = {"number": attempt.number, "startedOn": attempt.started_on}
    put(data, "finishedOn", attempt.finished_on)
    put(data, "statusCode", attempt.status_code)
    data["latencyMs"] = attempt.latency_ms
    put(data, "error", attempt.error)
    put(data, "responseExcerpt", attempt.response_excerpt)
    return data


def render_delivery(delivery: Delivery) -> dict:
    """A delivery of an event to an endpoint with its attempts, oldest first (loaded by
    `selectors.with_events_and_attempts`)."""
    data = {
        "deliveryID": delivery.pk,
        "eventID": delivery.event_id,
        "eventType": delivery.event_type,
        "status": delivery.status,
        "createdOn": delivery.created_on,
    }
    if delivery.status == Delivery.Status.PENDING:
        put(data, "nextAttemptOn", delivery.next_attempt_on)
    put(data, "deliveredOn", delivery.delivered_on)
    data["attempts"] = [_attempt(a) for a in delivery.attempt_log.all()]
    return data
