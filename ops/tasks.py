"""Thin Celery wrappers around the operations jobs."""

from celery import shared_task

from ops import partitions


@shared_task(name="ops.tasks.maintain_partitions", ignore_result=True)
def maintain_partitions() -> None:
    partitions.maintain()
