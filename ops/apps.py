from django.apps import AppConfig


class OpsConfig(AppConfig):
    """What operators need: request IDs, access logs, metrics, health, the operations page."""

    name = "ops"
    verbose_name = "Operations"

    def ready(self):
        from ops import (
            celery_signals,  # noqa: F401  (connects the task signal handlers)
            checks,  # noqa: F401  (registers the system checks)
        )
        from ops.logging import install_record_factory

        install_record_factory()
