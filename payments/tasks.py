"""Celery entry points: thin wrappers that call a service."""

from celery import shared_task

from payments import services


@shared_task(name="payments.tasks.on_ledger_outcome", acks_late=True)
def on_ledger_outcome(outcome: dict) -> str | None:
    """The ledger client's reply with a final authorize / capture / release outcome.
    Idempotent: a redelivery finds the operation already resolved."""
    payout = services.record_ledger_outcome(outcome)
    return payout.status if payout else None


@shared_task(name="payments.tasks.expire_payments", acks_late=True)
def expire_payments() -> int:
    return len(services.expire_due_payments())


@shared_task(name="payments.tasks.release_waiting_requests", acks_late=True)
def release_waiting_requests() -> int:
    return len(services.release_waiting_requests())


@shared_task(name="payments.tasks.reconcile_payouts", acks_late=True)
def reconcile_payouts() -> int:
    return len(services.reconcile_unknown_authorizations())
