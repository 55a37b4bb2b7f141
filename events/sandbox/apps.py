from django.apps import AppConfig


class SandboxWebhooksConfig(AppConfig):
    """A reference webhook receiver (demos and tests): it verifies each delivery's signature
    with the Standard Webhooks package and keeps what it got. Its URLs mount only when
    SANDBOX_WEBHOOKS_ENABLED is on."""

    name = "events.sandbox"
    label = "sandbox_webhooks"
    verbose_name = "Sandbox webhook receiver"
