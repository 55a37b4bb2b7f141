"""A worker keeps its database connection from one task to the next, as a web thread keeps
its own (DATABASE_CONN_MAX_AGE), instead of Celery's Django fixup closing it around every
task; with the age set to 0 it opens one per task (PostgreSQL, a test-owned redis-server, a
real worker process)."""

import pytest
from django.db import connection

from reviews.models import ReviewCommand
from tests.participants.factories import create_participant
from tests.reviews.broker import Worker, wait_until

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]


def _backends() -> set[int]:
    """The other sessions on the test database: the worker's, once it has worked."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return {row[0] for row in cursor.fetchall()}


def _apply_one(ctx, participant_id: str, n: int) -> None:
    response = ctx.client.post(
        ctx.url("/participant-reviews"),
        {"participantID": participant_id, "reason": "Connection test"},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=f"connections-{n}",
    )
    assert response.status_code == 202
    wait_until(
        lambda: ReviewCommand.objects.filter(status="applied").count() >= n,
        60,
        f"the worker to apply command {n}",
    )


def _run(provider, broker, env: dict | None = None, after_each=_backends) -> list:
    """Three commands applied one after another; `after_each` read once each is applied."""
    participants = [create_participant(provider)["participantID"] for _ in range(3)]
    worker = Worker(broker.url, env=env)
    try:
        found = []
        for n, participant_id in enumerate(participants, 1):
            _apply_one(provider, participant_id, n)
            found.append(after_each())
        return found
    finally:
        worker.stop()


def _closed() -> bool:
    # The tasks an applied command causes (its events' dispatch) may still be running.
    wait_until(lambda: not _backends(), 15, "the worker to close its connection")
    return True


def test_a_worker_keeps_its_connection_between_tasks(provider, own_broker):
    after_each = _run(provider, own_broker)
    assert after_each[0], "the worker holds a connection after its first task"
    assert after_each[0] == after_each[1] == after_each[2]


def test_with_no_connection_age_a_worker_closes_it_after_each_task(provider, own_broker):
    after_each = _run(provider, own_broker, {"DATABASE_CONN_MAX_AGE": "0"}, after_each=_closed)
    assert after_each == [True, True, True]
