"""Thin Celery wrappers around the delivery and the sweeps."""

from celery import shared_task

from events import delivery, services


@shared_task(name="events.tasks.deliver_webhook", acks_late=True, ignore_result=True)
def deliver_webhook(delivery_id: str) -> None:
    delivery.attempt(delivery_id)


@shared_task(name="events.tasks.sweep_webhook_deliveries", ignore_result=True)
def sweep_webhook_deliveries() -> None:
    services.sweep()


@shared_task(name="events.tasks.purge_expired_events", ignore_result=True)
def purge_expired_events() -> None:
    services.purge_expired_events()
