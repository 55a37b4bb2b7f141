from django.apps import AppConfig


class EventsConfig(AppConfig):
    """The event log (a transactional outbox) and signed webhook delivery. A lower layer: the
    domain apps call it with what each provider may see; it never imports them."""

    name = "events"
    verbose_name = "Events and webhooks"
