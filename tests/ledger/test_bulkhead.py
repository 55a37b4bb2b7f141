"""The ledger's bulkhead on the delivery path, with real HTTP to loopback ledgers and the real
Redis, deliveries stepped one at a time: a call past its provider's bound waits unattempted
and is handed the next slot; a strained ledger is cut to one slot and recovers; the sweeper
hands on room nobody gave back; /metrics shows it all, by provider."""

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from prometheus_client.parser import text_string_to_metric_families

from bench import stand_in_ledger
from bench.isolation import Listener, ledger_listener
from config.celery import app as celery_app
from ledger import bulkhead, services
from ledger.models import CallbackAttempt, LedgerCall
from tests.ledger.support import authorize
from tests.ledger.test_delivery import authorize_kwargs

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def with_workers(settings):
    """As in a worker (tasks not eager: the bulkhead is on), each provider's line empty."""
    settings.LEDGER_REQUIRE_HTTPS = False
    celery_app.conf.task_always_eager = False
    redis = bulkhead._bulkhead(django_settings.REDIS_URL).client

    def clear():
        for key in redis.scan_iter(match=f"{bulkhead.PREFIX}:*"):
            redis.delete(key)

    clear()
    yield
    clear()
    with celery_app.connection_for_write() as connection:
        connection.default_channel.queue_purge(celery_app.conf.task_default_queue)


@pytest.fixture
def ledger_of(provider, other_provider):
    listeners = []

    def wire(context, **kwargs):
        listeners.append(ledger_listener(context.id, **kwargs))
        return listeners[-1]

    yield wire
    for listener in listeners:
        listener.close()


def _request(provider_id: str, payout_id: str) -> LedgerCall:
    """A call recorded and its delivery held (`enqueued`), for the test to run."""
    with transaction.atomic():
        services.request_authorize(**authorize_kwargs(provider_id, payout_id))
    return LedgerCall.objects.get(payout_id=payout_id)


def _state(provider_id: str):
    return bulkhead._bulkhead(django_settings.REDIS_URL).state(provider_id, bulkhead.limits())


def _counter(name: str, provider_id: str) -> float:
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value(name, {"provider": provider_id}) or 0.0


def test_a_call_past_its_providers_bound_waits_and_is_handed_the_next_slot(
    with_workers, ledger_of, provider, other_provider, enqueued
):
    ledger, other = ledger_of(provider), ledger_of(other_provider)
    for holder in ("lcl_busy1", "lcl_busy2"):
        assert bulkhead.enter(provider.id, holder)
    deferrals = _counter("ledger_bulkhead_deferrals_total", provider.id)
    call = _request(provider.id, "po_B1")

    services.deliver(call_id=call.id)
    call.refresh_from_db()
    assert ledger.arrivals == [] and not CallbackAttempt.objects.exists()
    assert (call.status, call.attempts, call.leased_until) == ("pending", 0, None)
    assert _counter("ledger_bulkhead_deferrals_total", provider.id) == deferrals + 1
    # Another provider's call goes ahead meanwhile.
    other_call = _request(other_provider.id, "po_B2")
    services.deliver(call_id=other_call.id)
    other_call.refresh_from_db()
    assert other_call.outcome == "approved" and len(other.arrivals) == 1

    # A holder ends: its slot goes to the waiting call, whose delivery is enqueued.
    enqueued.clear()
    assert bulkhead.leave(provider.id, "lcl_busy1", None) == [call.id]
    services.deliver(call_id=call.id)
    call.refresh_from_db()
    assert (call.outcome, call.attempts, len(ledger.arrivals)) == ("approved", 1, 1)
    # Its own slot went back when the ledger answered: one holder left, nobody in line.
    assert (_state(provider.id).holders, _state(provider.id).waiting) == (1, 0)


def test_a_strained_ledger_gets_one_slot_until_it_answers_well(
    with_workers, provider, enqueued, settings
):
    failing = Listener(status=503)
    stand_in_ledger.wire(provider.id, failing.server.server_port)
    backoffs = _counter("ledger_bulkhead_backoffs_total", provider.id)
    first = _request(provider.id, "po_S1")
    services.deliver(call_id=first.id)
    first.refresh_from_db()
    assert first.attempts == 1 and first.status == "pending"  # retried later, as before
    assert _counter("ledger_bulkhead_backoffs_total", provider.id) == backoffs + 1
    [state] = bulkhead.states()
    assert (state.limit, state.strained) == (1, True)
    # One slot: with one call in flight, the next waits.
    assert bulkhead.enter(provider.id, "lcl_busy")
    second = _request(provider.id, "po_S2")
    services.deliver(call_id=second.id)
    assert len(failing.arrivals) == 1
    assert bulkhead.leave(provider.id, "lcl_busy", None) == [second.id]
    failing.close()

    # The ledger answers well again (in time, approving): the full bound is back.
    healthy = ledger_listener(provider.id)
    try:
        services.deliver(call_id=second.id)
    finally:
        healthy.close()
    second.refresh_from_db()
    assert second.outcome == "approved"
    state = _state(provider.id)
    assert (state.limit, state.strained) == (settings.LEDGER_MAX_IN_FLIGHT_PER_PROVIDER, False)


def test_a_slow_answer_strains_the_ledger_even_when_it_approves(
    with_workers, ledger_of, provider, enqueued, settings
):
    settings.LEDGER_SLOW_ANSWER_MS = 100
    ledger_of(provider, delay_seconds=0.2)
    call = _request(provider.id, "po_L1")
    services.deliver(call_id=call.id)
    call.refresh_from_db()
    assert call.outcome == "approved"
    [state] = bulkhead.states()
    assert (state.limit, state.strained) == (1, True)


def test_the_sweeper_hands_on_room_nobody_gave_back(
    with_workers, ledger_of, provider, enqueued, settings
):
    ledger_of(provider)
    settings.LEDGER_MAX_IN_FLIGHT_PER_PROVIDER = 1
    assert bulkhead.enter(provider.id, "lcl_busy")
    call = _request(provider.id, "po_W1")
    services.deliver(call_id=call.id)
    enqueued.clear()
    services.resume_stalled()
    assert enqueued == []  # still no room, and not stalled: it waits in line
    # Room appears without a holder leaving (a worker died and its lease ran out, or the
    # bound was raised): the sweep hands it to the waiting call.
    settings.LEDGER_MAX_IN_FLIGHT_PER_PROVIDER = 2
    services.resume_stalled()
    assert enqueued == [(call.id, None)]


def test_metrics_show_the_bound_and_each_busy_provider(
    with_workers, ledger_of, client, provider, other_provider, enqueued, settings
):
    settings.METRICS_ALLOWED_NETWORKS = ["127.0.0.1/32"]
    ledger_of(provider)
    for holder in ("lcl_busy1", "lcl_busy2"):
        bulkhead.enter(provider.id, holder)
    services.deliver(call_id=_request(provider.id, "po_M1").id)

    response = client.get("/metrics")
    assert response.status_code == 200
    found = {
        (sample.name, sample.labels.get("provider")): sample.value
        for family in text_string_to_metric_families(response.content.decode())
        for sample in family.samples
    }
    assert found[("ledger_bulkhead_bound", None)] == settings.LEDGER_MAX_IN_FLIGHT_PER_PROVIDER
    assert found[("ledger_bulkhead_in_flight", provider.id)] == 2
    assert found[("ledger_bulkhead_waiting", provider.id)] == 1
    assert found[("ledger_bulkhead_limit", provider.id)] == 2
    assert found[("ledger_bulkhead_backed_off", provider.id)] == 0
    assert found[("ledger_bulkhead_deferrals_total", provider.id)] >= 1
    # A provider with nothing in flight, in line or backed off has no series.
    assert ("ledger_bulkhead_in_flight", other_provider.id) not in found


def test_without_workers_every_call_goes_ahead(ledger_of, provider, received):
    """Tasks run eagerly (no broker): no pool of workers to share, no bulkhead."""
    ledger = ledger_of(provider)
    authorize(provider.id, "po_E1")
    assert received[-1]["outcome"] == "approved" and len(ledger.arrivals) == 1
