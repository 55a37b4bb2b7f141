"""With a real Celery worker on Redis (not eager), retries wait out their countdown: the gaps
between attempts follow the Retry-After floor and the jittered exponential backoff."""

import itertools

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction

from config.celery import app as celery_app
from config.queues import QUEUES
from ledger import selectors, services
from tests.ledger import outcomes

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


@pytest.fixture
def real_worker(transactional_db):
    celery_app.conf.task_always_eager = False
    # Every queue: the ledger's own, and the default one this test's reply_to task lands on.
    queues = [*QUEUES, celery_app.conf.task_default_queue]
    with celery_app.connection_for_write() as connection:
        for queue in queues:
            connection.default_channel.queue_purge(queue)
    with start_worker(
        celery_app,
        pool="solo",
        concurrency=1,
        perform_ping_check=False,
        loglevel="WARNING",
        queues=queues,
    ) as worker:
        yield worker


def test_backoff_and_retry_after_are_waited_out(
    real_worker, sandbox_ledger, provider, received, settings
):
    settings.LEDGER_RETRY_BASE_MS = 400
    settings.LEDGER_RETRY_MAX_MS = 1600
    sandbox_ledger.set_faults(next_statuses=[429, 503, 503], retry_after_seconds=2)
    with transaction.atomic():
        services.request_authorize(
            provider_id=provider.id,
            payout_id="po_W1",
            external_id="cust-1",
            funding_source="acct-1",
            amount_minor=900,
            currency="USD",
            fraud_score=0.2,
            reply_to=outcomes.REPLY_TO,
        )
    [outcome] = outcomes.wait_for(1, timeout=45)
    assert outcome["outcome"] == "approved" and outcome["attempts"] == 4
    log = list(selectors.attempts_for_payout("po_W1"))
    assert [a.http_status for a in log] == [429, 503, 503, 200]
    gaps = [
        (later.started_on - earlier.started_on).total_seconds()
        for earlier, later in itertools.pairwise(log)
    ]
    # Each wait is at least what was scheduled: Retry-After 2 s, then equal jitter over
    # 0.8 s and 1.6 s ceilings (at least 0.4 s and 0.8 s).
    for earlier, gap in zip(log, gaps, strict=False):
        assert gap >= earlier.retry_in_ms / 1000 - 0.05, (gaps, [a.retry_in_ms for a in log])
    print(f"\nworker gaps: {gaps} scheduled: {[a.retry_in_ms for a in log]}")
    assert gaps[0] >= 2.0
    assert 0.4 <= log[1].retry_in_ms / 1000 <= 0.8
    assert 0.8 <= log[2].retry_in_ms / 1000 <= 1.6
    assert sum(gaps) < 15
    assert len(sandbox_ledger.holds("po_W1")) == 1
