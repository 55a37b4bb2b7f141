"""The sandbox receiver's side: set one up for a provider, take a delivery."""

import json

from django.db import transaction
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from events import secrets
from events import services as event_services
from events.sandbox.models import ReceivedWebhook, Receiver

PATH = "/sandbox/webhooks/{receiver_id}/"


def create_receiver(*, provider_id: str, base_url: str) -> Receiver:
    """A receiver and the provider's webhook endpoint pointing at it (every event type)."""
    with transaction.atomic():
        receiver = Receiver.objects.create(provider_id=provider_id)
        endpoint, secret = event_services.create_endpoint(
            provider_id=provider_id,
            url=base_url.rstrip("/") + PATH.format(receiver_id=receiver.pk),
            description="Sandbox receiver (demo)",
        )
        receiver.endpoint_id = endpoint.pk
        receiver.sealed_secret = secrets.seal(secret, endpoint_id=receiver.pk)
        receiver.save(update_fields=["endpoint_id", "sealed_secret"])
    return receiver


def receive(*, receiver_id: str, body: bytes, headers: dict[str, str]) -> ReceivedWebhook | None:
    """Verify and keep one delivery; None for an unknown receiver."""
    with transaction.atomic():
        receiver = Receiver.objects.select_for_update().filter(pk=receiver_id).first()
        if receiver is None:
            return None
        got = ReceivedWebhook(
            receiver=receiver,
            webhook_id=headers.get("webhook-id", "")[:64],
            request_id=headers.get("x-request-id", "")[:128],
        )
        try:
            payload = Webhook(
                secrets.unseal(receiver.sealed_secret, endpoint_id=receiver.pk)
            ).verify(body, headers)
        except (WebhookVerificationError, ValueError) as exc:
            got.verified, got.error, got.status_code = False, str(exc)[:255], 400
            payload = _json_or_none(body)
        else:
            got.verified = True
        if isinstance(payload, dict):
            got.body = payload
            got.event_type = str(payload.get("type", ""))[:64]
        if got.verified and receiver.fail_next:
            receiver.fail_next -= 1
            receiver.save(update_fields=["fail_next"])
            got.error, got.status_code = "injected fault (sandbox)", 500
        got.save()
    return got


def _json_or_none(body: bytes):
    try:
        return json.loads(body)
    except ValueError:
        return None
