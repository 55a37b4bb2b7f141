"""Celery entry points of the ledger area: thin, they take IDs and call a service."""

from celery import shared_task

from ledger import retention, services


@shared_task(name="ledger.tasks.deliver_call", acks_late=True, ignore_result=True)
def deliver_call(call_id: str) -> None:
    """One HTTP attempt of a ledger call; the service schedules the next one when needed."""
    services.deliver(call_id=call_id)


@shared_task(name="ledger.tasks.resume_stalled_calls", ignore_result=True)
def resume_stalled_calls() -> int:
    return services.resume_stalled()


@shared_task(name="ledger.tasks.purge_expired_attempts", ignore_result=True)
def purge_expired_attempts() -> None:
    retention.purge_expired_attempts()
