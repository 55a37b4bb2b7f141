"""The embedded default (a SQLite file, tasks run in the request) survives concurrent writers:
eight participant creates sent at once to gunicorn (two processes of four threads) answer
201 or 409 (the same externalID created twice), never a 500 "database is locked" (WAL, and
transactions that take the write lock when they begin: config/settings/database.py)."""

import json
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from tests.conftest import basic_auth
from tests.participants.factories import participant_payload
from tests.production_server import Gunicorn, manage, production_env

SENDERS = 8

pytestmark = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="about the SQLite file of the embedded default: the SQLite run covers it",
)


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    """gunicorn (two processes of four threads) on a SQLite file of its own, migrated, with a
    provider: (base URL, its ID, an authorization header)."""
    env = production_env(tmp_path_factory.mktemp("embedded"), WEB_CONCURRENCY="2")
    manage(env, "migrate", "--no-input", "-v", "0")
    created = json.loads(manage(env, "create_provider", "--name", "Concurrent Bank", "--json"))
    server = Gunicorn(env)
    try:
        auth = basic_auth(created["apiKeyID"], created["apiKeySecret"])
        yield server.url, created["providerID"], auth
    finally:
        server.stop()


def test_parallel_creates_answer_201_or_409_never_500(embedded):
    base, provider_id, auth = embedded
    # Four people, each sent twice under two idempotency keys: one 201 and one 409 each.
    bodies = [participant_payload(externalID=f"sqlite-{n % 4}") for n in range(SENDERS)]
    start = threading.Barrier(SENDERS)

    def create(n: int) -> int:
        start.wait()
        return requests.post(
            f"{base}/providers/{provider_id}/participants",
            json=bodies[n],
            headers={"Authorization": auth, "X-Idempotency-Key": f"parallel-{n}"},
            timeout=60,
        ).status_code

    with ThreadPoolExecutor(SENDERS) as pool:
        statuses = list(pool.map(create, range(SENDERS)))
    assert sorted(statuses) == [201] * 4 + [409] * 4, statuses
