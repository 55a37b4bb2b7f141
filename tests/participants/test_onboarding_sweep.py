"""Onboarding is never lost: a hand-over the broker refuses still answers 201 and leaves the
participant pending, and the beat sweeper hands it over again once the delay has passed (and,
after a re-send, not before the delay has passed again); only pending participants are swept,
a row someone else holds is skipped, and a re-send for a participant that finished meanwhile
changes nothing."""

import logging
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.utils import timezone
from kombu.exceptions import OperationalError

from config import queues
from config.celery import app as celery_app
from events import types
from events.models import Event
from participants import services, tasks
from participants.models import Participant
from tests.concurrency import held_elsewhere
from tests.participants.factories import create_participant, participant_payload
from tests.schema import assert_matches_response

DELAY = 60
TASK = "participants.tasks.sweep_pending_onboarding"


class Broker:
    """`finish_onboarding.delay` behind a broker that is `down` (refuses the message), `lossy`
    (accepts it and never delivers it) or up (delivers it: in-process, as the test settings'
    eager Celery does). Each accepted hand-over is recorded, with whether it was made inside a
    transaction."""

    def __init__(self, monkeypatch):
        self.state = "up"
        self.sent: list[str] = []
        self.inside_transaction: list[bool] = []
        deliver = tasks.finish_onboarding.delay

        def delay(participant_id):
            if self.state == "down":
                raise OperationalError(
                    "Error 111 connecting to 127.0.0.1:6379. Connection refused."
                )
            self.sent.append(participant_id)
            self.inside_transaction.append(connection.in_atomic_block)
            if self.state == "up":
                return deliver(participant_id)
            return None

        monkeypatch.setattr(tasks.finish_onboarding, "delay", delay)


@pytest.fixture
def broker(monkeypatch, settings):
    settings.ONBOARDING_REDELIVER_AFTER_SECONDS = DELAY
    return Broker(monkeypatch)


def _sweep_at(moment) -> list[str]:
    with time_machine.travel(moment, tick=False):
        return services.sweep_pending_onboarding()


def _read(provider, participant_id) -> dict:
    response = provider.client.get(provider.url(f"/participants/{participant_id}"))
    assert response.status_code == 200
    return response.json()


@pytest.mark.django_db(transaction=True)
def test_a_refused_hand_over_answers_201_and_the_sweeper_finishes_onboarding_later(
    provider, broker, caplog
):
    broker.state = "down"
    with caplog.at_level(logging.ERROR, logger="participants.services"):
        response = provider.client.post(
            provider.url("/participants"),
            participant_payload(externalID="refused-1"),
            format="json",
            HTTP_X_IDEMPOTENCY_KEY="refused-1",
        )
    assert response.status_code == 201, response.content
    body = response.json()
    assert_matches_response(body, "/providers/{providerID}/participants", "post", "201")
    assert body["externalID"] == "refused-1"
    participant_id = body["participantID"]
    [logged] = [r for r in caplog.records if r.name == "participants.services"]
    assert logged.levelno == logging.ERROR and logged.exc_info is not None
    assert participant_id in logged.getMessage()
    assert broker.sent == []
    assert _read(provider, participant_id)["status"] == "pending"

    created = Participant.objects.get(pk=participant_id).created_on
    broker.state = "up"  # the broker is back
    assert _sweep_at(created + timedelta(seconds=DELAY // 2)) == []
    with time_machine.travel(created + timedelta(seconds=DELAY + 1), tick=False):
        assert tasks.sweep_pending_onboarding() == 1  # the beat task; eager: delivered at once
    assert broker.sent == [participant_id]
    assert broker.inside_transaction == [False]  # handed over once the stamp is committed
    assert _read(provider, participant_id)["status"] == "active"
    assert Event.objects.filter(type=types.PARTICIPANT_ACTIVATED).count() == 1


@pytest.mark.django_db
def test_a_re_send_waits_out_the_delay_again_and_leaves_updated_on_alone(provider, broker):
    broker.state = "lossy"
    # In this test's transaction the create's own hand-over never runs: a lost message.
    participant_id = create_participant(provider)["participantID"]
    updated_on = _read(provider, participant_id)["updatedOn"]
    created = Participant.objects.get(pk=participant_id).created_on

    assert _sweep_at(created + timedelta(seconds=DELAY - 1)) == []
    first = created + timedelta(seconds=DELAY + 1)
    assert _sweep_at(first) == [participant_id]
    assert _sweep_at(first) == []  # a second sweep at once (beat on another host)
    assert Participant.objects.get(pk=participant_id).onboarding_resent_on == first
    assert _sweep_at(first + timedelta(seconds=DELAY - 1)) == []
    second = first + timedelta(seconds=DELAY + 1)
    assert _sweep_at(second) == [participant_id]
    assert broker.sent == [participant_id, participant_id]

    participant = Participant.objects.get(pk=participant_id)
    assert participant.onboarding_resent_on == second
    assert participant.status == "pending"
    read = _read(provider, participant_id)
    assert read["status"] == "pending"
    assert read["updatedOn"] == updated_on  # a re-send is no change of the participant


@pytest.mark.django_db
def test_participants_not_pending_are_never_swept(provider, broker):
    broker.state = "lossy"
    ids = {
        status: create_participant(provider, externalID=f"not-swept-{status}")["participantID"]
        for status in Participant.Status.values
    }
    for status, participant_id in ids.items():
        Participant.objects.filter(pk=participant_id).update(status=status)
    later = timezone.now() + timedelta(days=1)
    assert _sweep_at(later) == [ids["pending"]]
    assert broker.sent == [ids["pending"]]
    assert set(Participant.objects.filter(onboarding_resent_on__isnull=False)) == {
        Participant.objects.get(pk=ids["pending"])
    }


@pytest.mark.django_db
def test_a_re_send_for_a_participant_that_finished_meanwhile_changes_nothing(provider, broker):
    broker.state = "lossy"
    participant_id = create_participant(provider)["participantID"]
    created = Participant.objects.get(pk=participant_id).created_on
    assert _sweep_at(created + timedelta(seconds=DELAY + 1)) == [participant_id]

    assert tasks.finish_onboarding(participant_id) == "active"  # the first delivery, late
    finished = _read(provider, participant_id)
    # The re-sent message arrives, and so does another sweep's.
    assert tasks.finish_onboarding(participant_id) == "active"
    assert services.finish_onboarding(participant_id=participant_id).status == "active"
    assert _read(provider, participant_id) == finished
    assert Event.objects.filter(type=types.PARTICIPANT_ACTIVATED).count() == 1
    assert _sweep_at(created + timedelta(days=1)) == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_participant_locked_elsewhere_is_skipped_not_waited_for(provider, broker):
    broker.state = "lossy"
    locked_id = create_participant(provider, externalID="locked")["participantID"]
    free_id = create_participant(provider, externalID="free")["participantID"]
    broker.sent.clear()
    later = timezone.now() + timedelta(seconds=DELAY + 1)

    # Another host's sweep, or the worker onboarding it, holds the row.
    with held_elsewhere(lambda: Participant.objects.select_for_update().get(pk=locked_id)):
        assert _sweep_at(later) == [free_id]
    assert _sweep_at(later) == [locked_id]
    assert broker.sent == [free_id, locked_id]


def test_beat_runs_the_sweep_every_30_seconds_on_the_sweeps_queue():
    [job] = [job for job in celery_app.conf.beat_schedule.values() if job["task"] == TASK]
    assert job["schedule"] == 30.0
    celery_app.loader.import_default_modules()
    assert TASK in celery_app.tasks
    queue = celery_app.amqp.router.route({}, TASK)["queue"].name
    assert queue == queues.SWEEPS and queue in queues.QUEUES
