"""The read replica (common.replica) against a real streaming replica: CI starts one
(deploy/dev/replica.sh) and sets DATABASE_REPLICA_URL. A read the replica served is proved by
what it returns while its replay is paused: a row committed on the primary since is missing.
Test data must be committed for the replica to receive it, hence transactional tests."""

import time

import pytest
from django.db import connections, transaction

from common import replica
from participants.models import Enrollment
from tests.participants.factories import create_participant
from tests.payments.factories import enroll
from tests.replica.support import replay_paused, wait_for_replay, wait_until_lag_exceeds

pytestmark = [
    pytest.mark.replica,
    pytest.mark.django_db(transaction=True, databases=["default", replica.REPLICA]),
]


@pytest.fixture(autouse=True)
def replica_reads(settings):
    """The router on (the rest of the suite runs without it: tests/settings.py), a fresh lag
    measurement, and room enough for the replica to be used while its replay is paused."""
    settings.DATABASE_ROUTERS = [replica.ROUTER]
    settings.REPLICA_MAX_LAG_SECONDS = 60
    settings.READ_YOUR_WRITES_SECONDS = 61
    replica.lag.reset()
    yield
    replica.lag.reset()


def add_participant(ctx, external_id: str) -> None:
    """A participant written by something other than the provider's own request (a worker,
    staff): no read-your-writes marker."""
    enroll(ctx.provider, external_id=external_id, sources=())


def listed(ctx) -> tuple[set[str], str | None]:
    """The externalIDs GET /participants answers and the database that served it."""
    replica.served_by.set(None)
    response = ctx.client.get(ctx.url("/participants"), {"limit": 100})
    assert response.status_code == 200, response.content
    return {p["externalID"] for p in response.json()["participants"]}, replica.served_by.get()


def test_a_list_is_served_by_the_replica(provider):
    add_participant(provider, "before")
    with replay_paused():
        add_participant(provider, "during")
        assert listed(provider) == ({"before"}, replica.REPLICA)
    wait_for_replay()
    assert listed(provider) == ({"before", "during"}, replica.REPLICA)


@pytest.mark.parametrize(
    "path", ["/payments", "/events", "/participant-reviews", "/participants"], ids=str
)
def test_each_list_and_feed_is_served_by_the_replica(provider, path):
    wait_for_replay()
    replica.served_by.set(None)
    assert provider.client.get(provider.url(path)).status_code == 200
    assert replica.served_by.get() == replica.REPLICA


def test_a_read_after_the_providers_own_write_is_served_by_the_primary(provider, other_provider):
    add_participant(other_provider, "theirs")
    with replay_paused():
        created = create_participant(provider, externalID="mine")
        assert listed(provider) == ({"mine"}, "default")
        # A provider that did not write still reads from the (paused) replica.
        add_participant(other_provider, "theirs-later")
        assert listed(other_provider) == ({"theirs"}, replica.REPLICA)
    # Reads that are not lists stay on the primary whatever happened.
    response = provider.client.get(provider.url(f"/participants/{created['participantID']}"))
    assert response.status_code == 200


def test_a_failed_write_counts_as_a_write(provider):
    with replay_paused():
        add_participant(provider, "unseen-by-the-replica")
        response = provider.client.post(
            provider.url("/participants"), {}, format="json", HTTP_X_IDEMPOTENCY_KEY="bad"
        )
        assert response.status_code == 422
        assert listed(provider) == ({"unseen-by-the-replica"}, "default")


def test_after_the_window_the_providers_reads_go_back_to_the_replica(provider, settings):
    settings.READ_YOUR_WRITES_SECONDS = 1
    with replay_paused():
        create_participant(provider, externalID="mine")
        assert listed(provider) == ({"mine"}, "default")
        time.sleep(1.5)
        assert listed(provider) == (set(), replica.REPLICA)


def test_a_replica_lagging_past_the_setting_is_bypassed(provider, settings):
    settings.REPLICA_MAX_LAG_SECONDS = 1
    settings.READ_YOUR_WRITES_SECONDS = 2
    add_participant(provider, "before")
    with replay_paused():
        add_participant(provider, "during")
        wait_until_lag_exceeds(1)
        replica.lag.reset()  # the next read measures again (else within a second)
        assert listed(provider) == ({"before", "during"}, "default")
    # Caught up again (a fresh commit replayed: its age is the lag if WAL written since is
    # still on its way), the replica serves again.
    add_participant(provider, "after")
    wait_for_replay()
    replica.lag.reset()
    assert listed(provider) == ({"before", "during", "after"}, replica.REPLICA)


@pytest.fixture
def replica_unreachable(unused_port):
    """The replica alias pointed at a port nothing listens on."""
    connection = connections[replica.REPLICA]
    connection.close()
    previous = connection.settings_dict
    connection.settings_dict = {**previous, "PORT": str(unused_port)}
    yield
    connection.close()
    connection.settings_dict = previous


@pytest.fixture
def unused_port():
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_an_unreachable_replica_leaves_reads_on_the_primary(provider, replica_unreachable):
    add_participant(provider, "only")
    assert listed(provider) == ({"only"}, "default")
    # Measured and failed: the primary serves until the next check.
    assert replica.lag.seconds() == float("inf")


def test_a_read_the_replica_fails_is_read_again_from_the_primary(provider, unused_port, settings):
    add_participant(provider, "only")
    wait_for_replay()
    assert replica.lag.seconds() <= settings.REPLICA_MAX_LAG_SECONDS  # healthy when measured...
    connection = connections[replica.REPLICA]
    connection.close()
    previous = connection.settings_dict
    connection.settings_dict = {**previous, "PORT": str(unused_port)}  # ...then gone
    try:
        assert listed(provider) == ({"only"}, "default")
    finally:
        connection.close()
        connection.settings_dict = previous


def test_reads_inside_a_transaction_stay_on_the_primary(provider):
    add_participant(provider, "only")
    wait_for_replay()
    with transaction.atomic():
        where = replica.serve_read(provider.id, lambda: Enrollment.objects.db)
    assert where == "default"
    assert replica.serve_read(provider.id, lambda: Enrollment.objects.all().db) == "replica"


def test_writes_always_go_to_the_primary(provider):
    def read_then_write():
        enrollment = Enrollment.objects.get(provider_id=provider.id, external_id="only")
        assert enrollment._state.db == replica.REPLICA
        # To the primary, not where the row came from (the replica refuses writes).
        enrollment.save(update_fields=["external_id"])
        return enrollment

    add_participant(provider, "only")
    wait_for_replay()
    replica.serve_read(provider.id, read_then_write)
