"""A worker rides out its Redis connection dropping while it holds a message it has not yet
acknowledged, with no supervisor: the Procfile's reviews worker, run as written and never
restarted, on a redis-server of the test's own that is stopped and started empty three times.
At each drop one of its two pool processes is running a late-acknowledged task (a review
command's apply, waiting on the command's row, which the test holds locked) and the other slot
is free, so the worker also has a BRPOP pending: the state in which kombu's own connection
ended the worker (common/broker_connection.py; tests/ops/test_broker_connection.py shows the
mechanism alone). After each restart the same process is alive and applies a review opened
then. Plain and TLS; about half a minute a scheme."""

import time

import pytest
from django.db import connection, transaction

from ops import procfile
from reviews.models import ReviewCommand
from reviews.tasks import apply_review_command
from tests.participants.factories import create_participant
from tests.reviews.broker import ProcfileProcess, RedisServer, celery_publishing_to, wait_until

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]

RESTARTS = 3
DOWN_SECONDS = 2


def _reviews_worker():
    (process,) = [p for p in procfile.read() if p.name == "worker-reviews"]
    return process


def _count(log, text: str) -> int:
    return log.read_text(errors="replace").count(text) if log.exists() else 0


def _waiting_on_a_lock() -> bool:
    """Whether a session waits on a lock this one holds (called inside the transaction that
    holds it, whose statistics snapshot is cleared to see the other sessions as they are)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))"
        )
        return cursor.fetchone()[0] > 0


class Reviews:
    """Review opens through the API, each applied by the worker before the next."""

    def __init__(self, ctx, scheme: str):
        self.ctx, self.scheme = ctx, scheme
        self.participants = [create_participant(ctx)["participantID"] for _ in range(RESTARTS + 1)]
        self.opened = 0

    def open_and_wait(self, worker) -> str:
        participant = self.participants[self.opened]
        self.opened += 1
        response = self.ctx.client.post(
            self.ctx.url("/participant-reviews"),
            {"participantID": participant, "reason": "Acknowledgement drop test"},
            format="json",
            HTTP_X_IDEMPOTENCY_KEY=f"ack-drop-{self.scheme}-{self.opened}",
        )
        assert response.status_code == 202, response.content
        wait_until(
            lambda: (
                worker.process.poll() is not None
                or ReviewCommand.objects.filter(status="applied").count() >= self.opened
            ),
            60,
            f"{self.scheme}: review {self.opened} to be applied",
        )
        assert worker.process.poll() is None, f"{self.scheme}: the worker exited"
        return ReviewCommand.objects.latest("created_on").pk


def _through_drops(provider, tls: bool, logs) -> None:
    scheme = "rediss" if tls else "redis"
    server = RedisServer(tls=tls)
    server.start()
    log = logs / f"{scheme}-worker-reviews.log"
    worker = None
    try:
        with celery_publishing_to(server.url):
            worker = ProcfileProcess(_reviews_worker(), server.url, log)
            reviews = Reviews(provider, scheme)
            command = reviews.open_and_wait(worker)
            for restart in range(1, RESTARTS + 1):
                with transaction.atomic():
                    ReviewCommand.objects.select_for_update().get(pk=command)
                    apply_review_command.delay(command)  # applied already: it only locks
                    wait_until(_waiting_on_a_lock, 30, f"{scheme}: the task to hold its message")
                    server.stop()
                    time.sleep(DOWN_SECONDS)
                    server.start()
                    wait_until(
                        lambda n=restart: _count(log, "Connection to broker lost") >= n,
                        30,
                        f"{scheme}: the worker to see drop {restart}",
                    )
                assert worker.process.poll() is None, (
                    f"{scheme}: the worker exited at drop {restart} "
                    f"(rc {worker.process.returncode}): {log}"
                )
                command = reviews.open_and_wait(worker)
            ReviewCommand.objects.all().delete()
    finally:
        if worker is not None:
            worker.stop()
        server.close()


@pytest.mark.parametrize("tls", [False, True], ids=["redis", "rediss"])
def test_a_worker_rides_out_drops_while_it_holds_an_unacknowledged_message(provider, tls, tmp_path):
    _through_drops(provider, tls, tmp_path)
