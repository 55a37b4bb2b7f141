"""System checks of the operations settings (run by `manage.py check`, migrate and runserver)."""

from django.conf import settings
from django.core import checks

from config import queues
from ledger.services import lease_seconds


@checks.register("ops")
def leases_outlast_time_limits(app_configs=None, **kwargs):
    """A lease shorter than its task's hard time limit lets a sweeper hand work to a second
    worker while the first still holds it (config/queues.py)."""
    try:
        queues.check_leases(
            settings.TASK_TABLE,
            webhook_lease=settings.WEBHOOK_LEASE_SECONDS,
            ledger_lease=lease_seconds(),
        )
    except ValueError as exc:
        return [checks.Error(str(exc), id="ops.E001")]
    return []
