"""A provider API read past API_READ_STATEMENT_TIMEOUT_MS is stopped by PostgreSQL and
answers 503 read-timeout instead of holding its connection; the limit is the read's own
(SET LOCAL), so the connection goes on without it. The slow read is real: another
connection holds a lock the list's query has to wait for."""

import time
from functools import partial

import pytest
from django.db import connection

from payments.models import PaymentEntry
from tests.concurrency import held_elsewhere

PROBLEM = "application/problem+json"
# Without a limit the read would wait for the lock: it is let go after this long, so such a
# read ends (200, failing the test) instead of waiting for ever.
LOCK_HELD_AT_MOST_SECONDS = 3


def _lock_table(table: str):
    with connection.cursor() as cursor:
        cursor.execute(f'LOCK TABLE "{table}" IN ACCESS EXCLUSIVE MODE')


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_read_past_the_statement_timeout_answers_503_read_timeout(provider, settings):
    settings.API_READ_STATEMENT_TIMEOUT_MS = 200
    lock = partial(_lock_table, PaymentEntry._meta.db_table)
    with held_elsewhere(lock, seconds=LOCK_HELD_AT_MOST_SECONDS):
        started = time.monotonic()
        response = provider.client.get(provider.url("/payments"))
        elapsed = time.monotonic() - started
    assert response.status_code == 503, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["type"] == "http://127.0.0.1:8000/errors#read-timeout"
    assert body["title"] == "Read timed out"
    assert body["detail"].startswith("The read ran past the service's limit of 200 ms per query")
    assert elapsed < 2, elapsed  # stopped at the limit, not when the lock went

    # The connection is free, and the limit ended with the read's transaction.
    assert provider.client.get(provider.url("/payments")).status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone()[0] == "0"
