from celery import shared_task

from participants import services


@shared_task(name="participants.tasks.finish_onboarding", acks_late=True)
def finish_onboarding(participant_id: str) -> str | None:
    participant = services.finish_onboarding(participant_id=participant_id)
    return participant.status if participant else None


@shared_task(name="participants.tasks.sweep_pending_onboarding", ignore_result=True)
def sweep_pending_onboarding() -> int:
    return len(services.sweep_pending_onboarding())
