"""Accepted review commands are never lost: not when the broker is down at accept time, not
when the worker applying one is killed mid-task; the sweeper enqueues what is still pending
and applying twice changes nothing."""

from datetime import timedelta

import pytest
import time_machine
from django.db import connection, transaction
from django.utils import timezone
from rest_framework.test import APIClient

from common.actors import Actor
from participants.models import Enrollment
from reviews.models import ParticipantReview, ReviewCommand
from reviews.services import commands
from tests.concurrency import held_elsewhere
from tests.participants.factories import create_participant
from tests.reviews.broker import Worker, wait_until
from tests.reviews.http import open_review

pytestmark = pytest.mark.django_db


def _accepted_open(provider, external_id="cmd-1"):
    """A command accepted in a transaction whose enqueue never ran (a lost message)."""
    create_participant(provider, externalID=external_id)
    enrollment = Enrollment.objects.get(external_id=external_id)
    with transaction.atomic():
        command = commands.accept_open(
            enrollment=enrollment, reason="Lost", assessment_id=None, actor=Actor.system()
        )
    return command


def test_apply_is_idempotent(provider):
    command = _accepted_open(provider)
    commands.apply(command_id=command.pk)
    commands.apply(command_id=command.pk)
    command.refresh_from_db()
    assert command.status == "applied" and command.attempts == 1
    assert ParticipantReview.objects.count() == 1


def test_the_sweeper_enqueues_only_commands_pending_past_the_redelivery_delay(provider, settings):
    settings.REVIEW_COMMAND_REDELIVER_AFTER_SECONDS = 60
    command = _accepted_open(provider)
    assert commands.sweep() == []  # just accepted: its own delivery may still be on the way
    assert not ParticipantReview.objects.exists()
    with time_machine.travel(timezone.now() + timedelta(seconds=61)):
        assert commands.sweep() == [command.pk]  # eager here: applied by the enqueue
    command.refresh_from_db()
    assert command.status == "applied"
    assert ParticipantReview.objects.count() == 1
    with time_machine.travel(timezone.now() + timedelta(seconds=200)):
        assert commands.sweep() == []  # nothing pending any more


def test_an_unexpected_failure_leaves_the_command_pending_for_the_next_delivery(
    provider, monkeypatch
):
    command = _accepted_open(provider)

    def broken(**kwargs):
        raise RuntimeError("database hiccup")

    monkeypatch.setattr(commands.participant_reviews, "open_or_add", broken)
    with pytest.raises(RuntimeError):
        commands.apply(command_id=command.pk)
    command.refresh_from_db()
    assert command.status == "pending" and command.rejection == ""
    monkeypatch.undo()
    commands.apply(command_id=command.pk)
    command.refresh_from_db()
    assert command.status == "applied"


def test_enqueue_never_raises_when_the_broker_refuses(provider, monkeypatch):
    from reviews import tasks

    def refuse(*args, **kwargs):
        raise ConnectionRefusedError("broker down")

    monkeypatch.setattr(tasks.apply_review_command, "delay", refuse)
    create_participant(provider, externalID="cmd-2")
    response = open_review(provider, participantID="cmd-2", reason="Still accepted")
    assert response.status_code == 202
    assert ReviewCommand.objects.get().status == "pending"


def _review_exists(external_id):
    def check():
        return ParticipantReview.objects.filter(enrollment__external_id=external_id).exists()

    return check


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_broker_outage_at_accept_time_loses_no_command(provider, own_broker, settings):
    create_participant(provider, externalID="outage-1")
    own_broker.stop()
    response = open_review(provider, participantID="outage-1", reason="Accepted during outage")
    assert response.status_code == 202
    command = ReviewCommand.objects.get()
    assert command.status == "pending"
    assert not ParticipantReview.objects.exists()

    own_broker.start()
    worker = Worker(own_broker.url)
    try:
        settings.REVIEW_COMMAND_REDELIVER_AFTER_SECONDS = 0
        assert commands.sweep() == [command.pk]
        wait_until(_review_exists("outage-1"), what="the worker to apply the command")
    finally:
        worker.stop()
    command.refresh_from_db()
    assert command.status == "applied"
    review = ParticipantReview.objects.get()
    assert review.reason == "Accepted during outage"


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_task_loses_no_command(provider, own_broker, settings):
    create_participant(provider, externalID="killed-1")
    enrollment = Enrollment.objects.get(external_id="killed-1")

    # Hold the enrollment's row lock from another connection, so the worker's apply blocks
    # inside its transaction: it is mid-task when it is killed.
    def hold_lock():
        Enrollment.objects.select_for_update().get(pk=enrollment.pk)

    with held_elsewhere(hold_lock, seconds=60):
        worker = Worker(own_broker.url)
        try:
            client = APIClient()
            client.credentials(
                HTTP_AUTHORIZATION=provider.client._credentials["HTTP_AUTHORIZATION"]
            )
            response = client.post(
                provider.url("/participant-reviews"),
                {"participantID": "killed-1", "reason": "Worker will die"},
                format="json",
                HTTP_X_IDEMPOTENCY_KEY="killed-open",
            )
            assert response.status_code == 202

            def worker_waits_on_the_lock():
                with connection.cursor() as cursor:
                    cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
                    return cursor.fetchone()[0] > 0

            wait_until(worker_waits_on_the_lock, what="the worker to block mid-task")
            worker.kill()
        finally:
            worker.stop()

    command = ReviewCommand.objects.get()
    assert command.status == "pending"  # the worker's transaction died with it
    assert not ParticipantReview.objects.exists()

    settings.REVIEW_COMMAND_REDELIVER_AFTER_SECONDS = 0
    assert commands.sweep() == [command.pk]
    second = Worker(own_broker.url)
    try:
        wait_until(_review_exists("killed-1"), what="a new worker to apply the command")
    finally:
        second.stop()
    command.refresh_from_db()
    assert command.status == "applied"
    assert ParticipantReview.objects.count() == 1
