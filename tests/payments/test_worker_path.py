"""The ledger worker's side of a payout: one delivery task sends the authorize over real HTTP
to the sandbox ledger and applies its outcome in the same process (no second trip through the
broker), with its statements pinned like the requests'
(docs/decisions/ledger-worker-applies-outcome.md). If applying it there fails, the outcome
still goes through the broker."""

import pytest
from celery import current_app
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.models import Event
from ledger import services as ledger_services
from ledger.models import LedgerCall
from ledger.services import calls as ledger_calls
from payments import services
from payments.models import PaymentEvent, Payout, PayoutStatus
from tests.payments.factories import enroll, new_payout

pytestmark = pytest.mark.postgres

# The worker's statements for an approved authorize, its two transactions' BEGIN and COMMIT
# included: the lease (returning the call), the registration, the attempt recorded under a
# lock on the call, the payout locked with its parties, its operation and funding attempt
# resolved, its two status changes (authorized, then accepted) written together with their
# history and events (whose insert also asks whether an endpoint wants them), and the
# call marked replied. Pinned so that a read the worker does not need fails here: the lease
# read back, the parties read again for the events' rendering, the call read again to hand
# its outcome over (or a task published for it), a status change written on its own, the
# provider's webhook endpoints read before the events' insert.
WORKER_AUTHORIZE = 19


@pytest.fixture
def held(monkeypatch):
    """Deliveries collected instead of run, so the test runs the worker's task itself."""
    queue: list[str] = []
    monkeypatch.setattr(
        ledger_calls, "_enqueue", lambda call_id, countdown=None: queue.append(call_id)
    )
    return queue


def _payout(provider):
    sender = enroll(provider.provider, given="Wen", family="Okafor")
    return new_payout(provider, sender, amount_minor=2500)


def test_the_delivery_applies_its_outcome_without_the_broker(
    sandbox_ledger, provider, held, monkeypatch
):
    payout = _payout(provider)
    assert held and Payout.objects.get(pk=payout.id).status == PayoutStatus.INITIATED

    def no_broker(*args, **kwargs):
        raise AssertionError("the outcome went through the broker")

    monkeypatch.setattr(current_app, "signature", no_broker)
    with CaptureQueriesContext(connection) as captured:
        ledger_services.deliver(call_id=held[0])
    payout = Payout.objects.get(pk=payout.id)
    assert payout.status == PayoutStatus.ACCEPTED and payout.hold_reference
    assert LedgerCall.objects.get(pk=held[0]).replied_on is not None
    assert len(captured) == WORKER_AUTHORIZE, "\n".join(q["sql"][:90] for q in captured)


def test_an_outcome_that_fails_in_the_worker_goes_through_the_broker(
    sandbox_ledger, provider, held, monkeypatch
):
    payout = _payout(provider)
    failures = []
    real = services.record_ledger_outcome

    def fails_once(outcome):
        if not failures:
            failures.append(outcome["payoutID"])
            raise RuntimeError("the database went away")
        return real(outcome)

    monkeypatch.setattr(services, "record_ledger_outcome", fails_once)
    ledger_services.deliver(call_id=held[0])  # tasks are eager: the broker's copy runs here
    assert failures == [payout.id]
    assert Payout.objects.get(pk=payout.id).status == PayoutStatus.ACCEPTED
    assert LedgerCall.objects.get(pk=held[0]).replied_on is not None


def test_a_reply_task_of_another_queue_is_published(sandbox_ledger, provider, held, settings):
    """Only a reply routed to the ledger's own queue runs in the delivery's process."""
    routes = dict(current_app.conf.task_routes)
    routes["payments.tasks.on_ledger_outcome"] = {"queue": "elsewhere"}
    payout = _payout(provider)
    published = []
    original = current_app.conf.task_routes
    current_app.conf.task_routes = routes
    try:
        real_signature = current_app.signature

        def recording(name, *args, **kwargs):
            published.append(name)
            return real_signature(name, *args, **kwargs)

        current_app.signature = recording
        try:
            ledger_services.deliver(call_id=held[0])
        finally:
            del current_app.signature
    finally:
        current_app.conf.task_routes = original
    assert published == ["payments.tasks.on_ledger_outcome"]
    assert Payout.objects.get(pk=payout.id).status == PayoutStatus.ACCEPTED


def test_the_two_status_changes_written_together_keep_their_order(sandbox_ledger, provider, held):
    payout = _payout(provider)
    ledger_services.deliver(call_id=held[0])
    history = list(PaymentEvent.objects.filter(payment_id=payout.id).order_by("occurred_on", "id"))
    assert [(h.trigger, h.from_status, h.to_status) for h in history] == [
        ("create", "", "initiated"),
        ("authorize", "initiated", "authorized"),
        ("accept", "authorized", "accepted"),
    ]
    assert history[1].occurred_on < history[2].occurred_on
    announced = [
        (e.data["previousStatus"], e.data["status"])
        for e in Event.objects.filter(
            provider_id=provider.id, type="payout.status_changed"
        ).order_by("created_on", "id")
    ]
    assert announced == [("initiated", "authorized"), ("authorized", "accepted")]
