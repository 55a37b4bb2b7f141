"""Money never waits for a notification. With the Procfile's workers as real processes (on
PostgreSQL and a Redis of the test's own), a provider whose webhook receiver takes 6 s per
delivery and is owed 40 events costs that provider its own notifications only:
- a payout created next has its authorize reach the provider's ledger within 10 s;
- another provider's receiver keeps receiving meanwhile;
- the slow receiver never holds more than its endpoint's share of the webhook workers, and
  still gets every event, each with a signature `standardwebhooks` verifies."""

import time

import pytest
from standardwebhooks.webhooks import Webhook

from bench.isolation import Listener, Workers, procfile_workers
from bench.management.commands.bench_isolation import LOOPBACK, most_at_once
from common.actors import Actor
from config.celery import app as celery_app
from events import services as event_services
from events.models import Delivery
from ledger import services as ledger_services
from payments import services as payment_services
from tests.payments.factories import enroll
from tests.reviews.broker import wait_until, worker_env

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]

BACKLOG = 40
SLOW_SECONDS = 6.0


@pytest.fixture
def listeners(settings):
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOWED_HOSTS = ["127.0.0.1"]
    settings.LEDGER_REQUIRE_HTTPS = False
    slow, fast, ledger = Listener(delay_seconds=SLOW_SECONDS), Listener(), Listener(status=400)
    yield slow, fast, ledger
    for listener in (slow, fast, ledger):
        listener.close()


@pytest.fixture
def procfile_layout(own_broker):
    """The Procfile's workers on a broker of the test's own, this process publishing to it."""
    workers = Workers(procfile_workers(), {**worker_env(own_broker.url), **LOOPBACK})
    try:
        workers.start()
        workers.wait_ready(celery_app, timeout=120)
        yield workers
    finally:
        workers.stop()


def _verified_ids(listener: Listener, secret: str) -> list[str]:
    verifier = Webhook(secret)
    for arrival in listener.arrivals:
        verifier.verify(arrival.body, arrival.headers)  # raises on a bad signature
    return [arrival.headers["webhook-id"] for arrival in listener.arrivals]


def test_a_slow_receiver_delays_neither_money_nor_other_providers(
    provider, other_provider, listeners, procfile_layout
):
    slow, fast, ledger = listeners
    ledger_services.register_ledger(
        provider_id=provider.id,
        authorize_url=f"{ledger.url}/authorize",
        release_url=f"{ledger.url}/release",
        capture_url=f"{ledger.url}/capture",
        generate_key=True,
    )
    sender = enroll(provider.provider)
    slow_endpoint, slow_secret = event_services.create_endpoint(
        provider_id=provider.id, url=f"{slow.url}/hooks"
    )
    fast_endpoint, fast_secret = event_services.create_endpoint(
        provider_id=other_provider.id, url=f"{fast.url}/hooks"
    )
    owed = [
        event_services.send_test(provider_id=provider.id, endpoint_id=slow_endpoint.pk).pk
        for _ in range(BACKLOG)
    ]
    wait_until(lambda: slow.arrivals, timeout=60, what="the slow receiver's first delivery")

    created = time.time()
    payment_services.create_payout(
        data=payment_services.NewPayout(
            provider_id=provider.id,
            sender=sender.external_id,
            recipient_phone="+14155550123",
            amount_minor=2500,
            currency="USD",
        ),
        actor=Actor.system(),
    )
    wait_until(lambda: ledger.first("/authorize"), timeout=30, what="the authorize")
    assert ledger.first("/authorize").at - created < 10

    others = [
        event_services.send_test(provider_id=other_provider.id, endpoint_id=fast_endpoint.pk).pk
        for _ in range(5)
    ]
    wait_until(lambda: len(fast.arrivals) >= 5, timeout=15, what="the other provider's events")
    assert sorted(_verified_ids(fast, fast_secret)) == sorted(others)
    # Still working off the backlog: the other provider did not wait for it.
    assert Delivery.objects.filter(endpoint=slow_endpoint, status="pending").exists()

    # Every owed event arrives (at least once; the receiver dedupes on webhook-id), signed,
    # with the slow endpoint holding no more than its share of the webhook workers.
    wait_until(
        lambda: not Delivery.objects.filter(endpoint=slow_endpoint, status="pending").exists(),
        timeout=BACKLOG * SLOW_SECONDS / 2 + 90,
        what="the whole backlog",
    )
    # (The payout's own events follow the test events to the same endpoint.)
    assert set(owed) <= set(_verified_ids(slow, slow_secret))
    assert set(Delivery.objects.values_list("status", flat=True)) == {"delivered"}
    assert most_at_once(slow) <= 2
