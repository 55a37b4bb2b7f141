"""Demo wiring: the demo provider's webhook endpoint is the sandbox receiver of this same
server, so a change made in the walkthrough arrives signed and is verified there."""

from django.conf import settings

from events import addresses
from events import services as event_services
from events.models import WebhookEndpoint
from events.sandbox import services as receiver_services
from events.sandbox.models import Receiver
from providers.models import Provider


def seed_webhooks(*, provider: Provider, base_url: str) -> Receiver | None:
    """Reuse the receiver registered at this base URL; an endpoint left at another address
    (the demo ran on another port before) is deleted so nothing is sent there."""
    if not settings.SANDBOX_WEBHOOKS_ENABLED:
        return None
    try:
        # Outside DEBUG a server's own loopback address is refused like any private one.
        addresses.check(base_url, resolve=False)
    except addresses.UnsafeURL:
        return None
    current = None
    for receiver in Receiver.objects.filter(provider=provider).order_by("created_on"):
        endpoint = WebhookEndpoint.objects.filter(
            pk=receiver.endpoint_id, deleted_on__isnull=True
        ).first()
        if endpoint is None:
            continue
        if current is None and endpoint.url.startswith(base_url.rstrip("/") + "/"):
            current = receiver
        else:
            event_services.delete_endpoint(provider_id=provider.id, endpoint_id=endpoint.pk)
    return current or receiver_services.create_receiver(provider_id=provider.id, base_url=base_url)
