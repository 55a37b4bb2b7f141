from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    name = "payments"

    def ready(self):
        # Register the Celery tasks in every process, not only in workers: the ledger client
        # replies to `payments.tasks.on_ledger_outcome` by name, and with eager tasks (the
        # embedded default) that name must resolve in the web or command process itself.
        # The payment risk hook is made here too, so the system check sees it even when
        # nothing fills it (common.hooks).
        from payments import case_links, risk, tasks  # noqa: F401
