"""Thin Celery wrappers around the delivery and the sweeps."""

from celery import shared_task

from events import delivery, retention, services


@shared_task(name="events.tasks.deliver_webhook", acks_late=True, ignore_result=True)
def deliver_webhook(delivery_id: str) -> None:
    delivery.attempt(delivery_id)


@shared_task(name="events.tasks.deliver_webhooks", acks_late=True, ignore_result=True)
def deliver_webhooks(delivery_ids: list[str]) -> None:
    if len(delivery_ids) == 1:
        delivery.attempt(delivery_ids[0])
    else:
        services.fan_out(delivery_ids)


@shared_task(name="events.tasks.dispatch_events", acks_late=True, ignore_result=True)
def dispatch_events(event_ids: list[str]) -> None:
    services.dispatch(event_ids)


@shared_task(name="events.tasks.sweep_webhook_deliveries", ignore_result=True)
def sweep_webhook_deliveries() -> None:
    services.sweep()


@shared_task(name="events.tasks.purge_expired_events", ignore_result=True)
def purge_expired_events() -> None:
    retention.purge_expired_events()
