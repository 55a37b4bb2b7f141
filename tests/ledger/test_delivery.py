"""Delivery mechanics: one attempt per task run, the lease against parallel runs, the sweeper
that recovers calls and outcomes a broker outage would otherwise strand."""

import threading
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from common.errors import InvalidRequest
from ledger import services
from ledger.models import CallbackAttempt, LedgerCall
from ledger.services import calls as ledger_calls
from ledger.services import outcomes as ledger_outcomes
from tests.ledger.outcomes import REPLY_TO
from tests.polling import eventually


def authorize_kwargs(provider_id, payout_id="po_D1", **change) -> dict:
    return {
        "provider_id": provider_id,
        "payout_id": payout_id,
        "external_id": "cust-1",
        "funding_source": "acct-1",
        "amount_minor": 700,
        "currency": "USD",
        "fraud_score": 0.0,
        "reply_to": REPLY_TO,
        **change,
    }


def request(provider_id, payout_id="po_D1"):
    with transaction.atomic():
        services.request_authorize(**authorize_kwargs(provider_id, payout_id))
    return LedgerCall.objects.get(payout_id=payout_id)


def test_nothing_is_sent_for_a_rolled_back_change(sandbox_ledger, provider, enqueued):
    with pytest.raises(RuntimeError), transaction.atomic():
        services.request_authorize(**authorize_kwargs(provider.id, "po_RB"))
        raise RuntimeError("the caller's transaction fails")
    assert enqueued == [] and not LedgerCall.objects.exists()


def test_a_lost_reply_is_recovered_by_a_replay(
    sandbox_ledger, provider, enqueued, received, settings
):
    settings.LEDGER_READ_TIMEOUT_MS = 200
    sandbox_ledger.set_faults(slow_rate=1.0, slow_ms=500)
    call = request(provider.id)
    assert enqueued == [(call.id, None)]
    services.deliver(call_id=call.id)  # processed by the ledger, reply lost to the timeout
    [first] = CallbackAttempt.objects.filter(call=call)
    assert first.outcome == "retry" and first.http_status is None
    # The client gave up after 200 ms; the ledger finishes the request on its own time (on a
    # loaded machine, later than that), before it holds the answer back.
    assert eventually(lambda: len(sandbox_ledger.holds("po_D1")) == 1)
    assert enqueued[-1][0] == call.id and enqueued[-1][1] > 0
    sandbox_ledger.set_faults()
    services.deliver(call_id=call.id)
    [outcome] = received
    assert outcome["outcome"] == "approved" and outcome["attempts"] == 2
    [hold] = sandbox_ledger.holds("po_D1")
    assert hold.reference == outcome["reference"]
    assert sandbox_ledger.operations("authorize")[0].replays == 1


def test_a_completed_call_is_not_sent_again(sandbox_ledger, provider, enqueued, received):
    call = request(provider.id)
    services.deliver(call_id=call.id)
    services.deliver(call_id=call.id)  # a duplicate delivery of the task
    assert CallbackAttempt.objects.filter(call=call).count() == 1
    assert len(received) == 1


def test_a_leased_call_is_left_to_its_worker(sandbox_ledger, provider, enqueued):
    call = request(provider.id)
    LedgerCall.objects.filter(pk=call.pk).update(leased_until=timezone.now() + timedelta(minutes=1))
    services.deliver(call_id=call.id)
    assert not CallbackAttempt.objects.filter(call=call).exists()
    # An expired lease (a crashed worker) no longer blocks.
    LedgerCall.objects.filter(pk=call.pk).update(leased_until=timezone.now() - timedelta(seconds=1))
    services.deliver(call_id=call.id)
    assert CallbackAttempt.objects.filter(call=call).count() == 1


@pytest.mark.pgbouncer
@pytest.mark.postgres
def test_parallel_runs_of_one_call_make_one_attempt(sandbox_ledger, provider, enqueued):
    sandbox_ledger.set_faults(slow_rate=1.0, slow_ms=300)
    call = request(provider.id)
    start = threading.Barrier(4)

    def run():
        start.wait()
        try:
            services.deliver(call_id=call.id)
        finally:
            from django.db import connection

            connection.close()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert CallbackAttempt.objects.filter(call=call).count() == 1
    assert len(sandbox_ledger.holds("po_D1")) == 1


def test_sweeper_enqueues_stalled_calls(sandbox_ledger, provider, enqueued, settings):
    settings.LEDGER_STALLED_AFTER_SECONDS = 300
    call = request(provider.id)
    enqueued.clear()  # as if the enqueue after commit had been lost
    assert services.resume_stalled() == 0  # too recent to call stalled
    LedgerCall.objects.filter(pk=call.pk).update(
        next_attempt_on=timezone.now() - timedelta(seconds=301)
    )
    assert services.resume_stalled() == 1
    assert enqueued == [(call.id, None)]
    # Pushed forward: the next sweep leaves it to the enqueued run.
    assert services.resume_stalled() == 0


def test_sweeper_resends_outcomes_that_were_not_handed_over(
    sandbox_ledger, provider, enqueued, received, monkeypatch, settings
):
    call = request(provider.id)
    monkeypatch.setattr(ledger_outcomes.current_app, "signature", _broken_signature)
    services.deliver(call_id=call.id)
    call.refresh_from_db()
    assert call.status == "completed" and call.replied_on is None and received == []
    monkeypatch.undo()
    monkeypatch.setattr(ledger_calls, "_enqueue", lambda *a, **k: None)
    _age_outcome(call, settings.LEDGER_STALLED_AFTER_SECONDS + 1)
    assert services.resume_stalled() == 1
    assert [o["outcome"] for o in received] == ["approved"]
    call.refresh_from_db()
    assert call.replied_on is not None
    assert services.resume_stalled() == 0


def test_an_outcome_published_but_never_received_is_sent_again(
    sandbox_ledger, provider, enqueued, received, monkeypatch, settings
):
    """The publish went through, then the broker lost the message (a restart with no
    persistence): the call is not replied until its receiver has the outcome."""
    call = request(provider.id)
    published = []
    monkeypatch.setattr(ledger_outcomes.current_app, "signature", _lost_signature(published))
    services.deliver(call_id=call.id)
    call.refresh_from_db()
    assert published == [call.id] and received == []
    assert call.status == "completed" and call.replied_on is None
    monkeypatch.undo()
    monkeypatch.setattr(ledger_calls, "_enqueue", lambda *a, **k: None)
    _age_outcome(call, settings.LEDGER_STALLED_AFTER_SECONDS - 5)
    assert services.resume_stalled() == 0  # its receiver still has time
    _age_outcome(call, settings.LEDGER_STALLED_AFTER_SECONDS + 1)
    assert services.resume_stalled() == 1
    assert [o["callID"] for o in received] == [call.id]
    call.refresh_from_db()
    assert call.replied_on is not None
    assert services.resume_stalled() == 0


def test_a_resent_outcome_gets_its_own_time_to_arrive(
    sandbox_ledger, provider, enqueued, received, monkeypatch, settings
):
    call = request(provider.id)
    published = []
    monkeypatch.setattr(ledger_outcomes.current_app, "signature", _lost_signature(published))
    services.deliver(call_id=call.id)
    _age_outcome(call, settings.LEDGER_STALLED_AFTER_SECONDS + 1)
    assert services.resume_stalled() == 1  # sent again, and lost again
    assert services.resume_stalled() == 0  # not before another LEDGER_STALLED_AFTER_SECONDS
    assert published == [call.id, call.id] and received == []


def _age_outcome(call, seconds):
    then = timezone.now() - timedelta(seconds=seconds)
    LedgerCall.objects.filter(pk=call.pk).update(completed_on=then, handed_over_on=then)


def _broken_signature(name):
    """A broker that refuses the publish."""

    class Broken:
        def delay(self, outcome):
            raise ConnectionError("broker down")

    return Broken()


def _lost_signature(published):
    """A publish that succeeds, its message then lost with the broker's data."""

    class Lost:
        def delay(self, outcome):
            published.append(outcome["callID"])

    return lambda name: Lost()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"fraud_score": 1.01}, "fraud_score"),
        ({"fraud_score": -0.1}, "fraud_score"),
        ({"fraud_score": float("nan")}, "fraud_score"),
        ({"fraud_score": True}, "fraud_score"),
        ({"amount_minor": 0}, "amount_minor"),
        ({"amount_minor": 10.5}, "amount_minor"),
        ({"currency": "usd"}, "currency"),
        ({"currency": "ZZZ"}, "currency"),
        ({"funding_source": ""}, "funding_source"),
        ({"external_id": "x" * 257}, "external_id"),
        ({"reply_to": ""}, "reply_to"),
    ],
)
def test_requests_are_validated_before_anything_is_written(db, provider, change, message):
    with pytest.raises(InvalidRequest, match=message):
        services.request_authorize(**authorize_kwargs(provider.id, **change))
    assert not LedgerCall.objects.exists()
