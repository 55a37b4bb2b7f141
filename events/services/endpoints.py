"""A provider's webhook endpoints: registered, deleted, their signing secrets rotated, and
disabled or enabled again (what they were owed while off becomes due)."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.errors import InvalidRequest
from common.locking import lock_or_404
from common.soft_delete import soft_delete
from events import addresses, secrets, slots, types
from events.models import Delivery, WebhookEndpoint

_NO_ENDPOINT = "No webhook endpoint with that ID exists for this provider."


def check_url(url: str) -> str:
    try:
        addresses.check(url, resolve=False)
    except addresses.UnsafeURL as exc:
        raise InvalidRequest(
            "The request body failed validation.",
            errors=[{"pointer": "/url", "detail": f"url {exc}."}],
        ) from None
    return url


def check_types(event_types: list[str]) -> list[str]:
    unknown = [t for t in event_types if t not in types.ALL_TYPES]
    if unknown:
        raise InvalidRequest(
            "The request body failed validation.",
            errors=[
                {"pointer": f"/eventTypes/{event_types.index(t)}", "detail": "unknown event type"}
                for t in unknown
            ],
        )
    return list(dict.fromkeys(event_types))


def create_endpoint(
    *, provider_id: str, url: str, event_types: list[str] | None = None, description: str = ""
) -> tuple[WebhookEndpoint, str]:
    """Register an endpoint; returns it with its signing secret (shown this once)."""
    endpoint = WebhookEndpoint(
        provider_id=provider_id,
        url=check_url(url),
        event_types=check_types(event_types or []),
        description=description,
    )
    secret = secrets.generate()
    endpoint.sealed_secret = secrets.seal(secret, endpoint_id=endpoint.pk)
    endpoint.save()
    return endpoint, secret


def locked_endpoint(provider_id: str, endpoint_id: str) -> WebhookEndpoint:
    return lock_or_404(
        WebhookEndpoint.objects.filter(
            pk=endpoint_id, provider_id=provider_id, deleted_on__isnull=True
        ),
        _NO_ENDPOINT,
    )


def delete_endpoint(*, provider_id: str, endpoint_id: str) -> WebhookEndpoint:
    """Stop sending to it. The record and its attempt log stay for staff; what it was still
    owed is cancelled. Deleting a deleted endpoint changes nothing (the repeated-delete rule
    of limit groups and funding sources); another provider's endpoint is NotFound."""
    with transaction.atomic():
        endpoint, deleted = soft_delete(
            WebhookEndpoint.objects.filter(pk=endpoint_id, provider_id=provider_id), _NO_ENDPOINT
        )
        if not deleted:
            return endpoint
        endpoint.deliveries.filter(status=Delivery.Status.PENDING).update(
            status=Delivery.Status.CANCELLED, next_attempt_on=None
        )
    return endpoint


def rotate_secret(*, provider_id: str, endpoint_id: str) -> tuple[WebhookEndpoint, str]:
    """A new secret; the one it replaces keeps signing beside it for the overlap period, so a
    receiver can switch without missing a delivery."""
    with transaction.atomic():
        endpoint = locked_endpoint(provider_id, endpoint_id)
        secret = secrets.generate()
        now = timezone.now()
        endpoint.sealed_previous_secret = endpoint.sealed_secret
        endpoint.previous_secret_expires_on = now + timedelta(
            seconds=settings.WEBHOOK_SECRET_OVERLAP_SECONDS
        )
        endpoint.sealed_secret = secrets.seal(secret, endpoint_id=endpoint.pk)
        endpoint.updated_on = now
        endpoint.save(
            update_fields=[
                "sealed_secret",
                "sealed_previous_secret",
                "previous_secret_expires_on",
                "updated_on",
            ]
        )
    return endpoint, secret


def signing_secrets(endpoint: WebhookEndpoint, *, now: datetime) -> list[str]:
    """The secrets that sign a delivery now: the current one, and the previous one while its
    overlap lasts."""
    found = [secrets.unseal(endpoint.sealed_secret, endpoint_id=endpoint.pk)]
    expires = endpoint.previous_secret_expires_on
    if endpoint.sealed_previous_secret and expires is not None and expires > now:
        found.append(secrets.unseal(endpoint.sealed_previous_secret, endpoint_id=endpoint.pk))
    return found


def enable_endpoint(*, provider_id: str, endpoint_id: str) -> WebhookEndpoint:
    """Staff turn a disabled endpoint back on; what it was owed while off becomes due now."""
    with transaction.atomic():
        endpoint = locked_endpoint(provider_id, endpoint_id)
        now = timezone.now()
        endpoint.status = WebhookEndpoint.Status.ENABLED
        endpoint.disabled_on = None
        endpoint.disabled_reason = ""
        endpoint.failing_since = None
        endpoint.updated_on = now
        endpoint.save(
            update_fields=[
                "status",
                "disabled_on",
                "disabled_reason",
                "failing_since",
                "updated_on",
            ]
        )
        endpoint.deliveries.filter(status=Delivery.Status.PENDING).update(
            next_attempt_on=now, enqueued_on=None
        )
        # As many as it has slots for go now; each send that ends hands on the next.
        slots.hand_on(endpoint, now)
    return endpoint


def disable_endpoint(*, endpoint: WebhookEndpoint, reason: str) -> None:
    """Stop sending (the caller holds the endpoint's lock); its events and deliveries stay."""
    now = timezone.now()
    endpoint.status = WebhookEndpoint.Status.DISABLED
    endpoint.disabled_on = now
    endpoint.disabled_reason = reason[:255]
    endpoint.updated_on = now
    endpoint.save(update_fields=["status", "disabled_on", "disabled_reason", "updated_on"])
