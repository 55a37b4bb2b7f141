"""One provider's slow ledger costs that provider only. With the Procfile's ledger worker as
real processes (prefork, 4) on PostgreSQL and a Redis of the test's own: provider A's ledger
answers each call after 11 s, within the deadline, and A is owed 12 payouts; provider B's
payout created next has its authorize answered within 10 s, while A holds no more than its
bound of slots and its other calls wait in line, unattempted."""

import pytest
import redis

from bench.isolation import SlowLedger, Workers
from bench.management.commands.bench_ledger_isolation import WORKER_ENV, ledger_workers
from common.bulkhead import Bulkhead
from config.celery import app as celery_app
from ledger import bulkhead
from ledger.models import LedgerCall
from tests.reviews.broker import wait_until, worker_env

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]

SLOW_SECONDS = 11.0
BACKLOG = 12


@pytest.fixture
def ledger_worker(own_broker, settings):
    settings.LEDGER_REQUIRE_HTTPS = False
    workers = Workers(ledger_workers(), {**worker_env(own_broker.url), **WORKER_ENV})
    try:
        workers.start()
        workers.wait_ready(celery_app, timeout=60)
        yield own_broker
    finally:
        workers.stop()


def test_a_slow_ledger_holds_its_own_slots_and_no_others(ledger_worker, settings):
    ledgers = SlowLedger.arrange(delay_seconds=SLOW_SECONDS, backlog=BACKLOG)
    # The workers' bulkhead, in the test's own Redis where they keep it.
    workers_bulkhead = Bulkhead(redis.Redis.from_url(ledger_worker.url), bulkhead.PREFIX)

    def line():
        return workers_bulkhead.state(ledgers.slow_provider_id, bulkhead.limits())

    unattempted = LedgerCall.objects.filter(
        provider_id=ledgers.slow_provider_id, status="pending", attempts=0, leased_until=None
    )
    try:
        found = ledgers.measure(timeout=15)
        # B's money first: answered within 10 s of its payout, behind A's 12.
        assert found["authorize_s"] is not None and found["authorize_s"] < 10, found
        assert found["outcome"] == "approved"
        started = found["slow_calls_started"]
        # Every other call of A is owed still: in A's line, unleased, none attempted.
        wait_until(
            lambda: unattempted.count() == line().waiting == BACKLOG - started,
            timeout=5,
            what="A's other calls in its line",
        )
        # A call in flight as long as a slow answer cuts A to one slot before it answers.
        wait_until(lambda: line().strained, timeout=10, what="A backed off")
        backed_off = line()
    finally:
        ledgers.close()

    assert started <= settings.LEDGER_MAX_IN_FLIGHT_PER_PROVIDER < 4, found
    assert (backed_off.holders, backed_off.limit) == (started, 1)
