from celery import shared_task

from api import retention


@shared_task(name="api.tasks.purge_expired_idempotency_keys")
def purge_expired_idempotency_keys() -> int:
    return retention.purge_expired_keys()
