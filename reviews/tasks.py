"""Celery entry points of the reviews area: thin, they take IDs and call a service."""

from celery import shared_task

from reviews.services import commands


@shared_task(name="reviews.tasks.apply_review_command", acks_late=True, ignore_result=True)
def apply_review_command(command_id: str) -> None:
    commands.apply(command_id=command_id)


@shared_task(name="reviews.tasks.sweep_review_commands", ignore_result=True)
def sweep_review_commands() -> int:
    return len(commands.sweep())
