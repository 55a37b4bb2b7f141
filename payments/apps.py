from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    name = "payments"

    def ready(self):
        # Register the Celery tasks in every process, not only in workers: the ledger client
        # replies to `payments.tasks.on_ledger_outcome` by name, and with eager tasks (the
        # embedded default) that name must resolve in the web or command process itself.
        from payments import tasks  # noqa: F401
