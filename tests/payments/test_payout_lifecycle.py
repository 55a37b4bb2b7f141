"""Payouts end to end over real HTTP: the engine asks the ledger client, which calls the
sandbox ledger of the live test server, whose outcome comes back to
payments.tasks.on_ledger_outcome. Balances are read from the sandbox's books."""

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from common.actors import Actor
from ledger import selectors as ledger_selectors
from payments import risk, services, tasks
from payments.errors import IllegalTransition
from payments.models import Operation, Payout
from tests.conftest import wire_sandbox_ledger
from tests.payments.factories import enroll, new_payout
from tests.polling import eventually
from tests.problems import assert_not_found

OPENING = 1_000_000


@pytest.fixture(autouse=True)
def fast_retries(settings):
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.LEDGER_RETRY_MAX_MS = 20


@pytest.fixture
def assessor():
    """Install a risk assessor for one test, then restore whatever was registered."""
    with risk.assessor.replaced(risk.assessor.current()):
        yield risk.assessor.register


def _create(provider, sender, amount=2500, **extra):
    return new_payout(provider, sender, amount_minor=amount, **{"memo": "Dinner", **extra})


def _ops(payout):
    return [
        (op.type, op.rail, op.status)
        for op in Operation.objects.filter(payment_id=payout.id).order_by("created_on", "id")
    ]


def _source(enrollment):
    return enrollment.funding_sources.get().provider_source_id


def _detail(ctx, payout):
    response = ctx.client.get(ctx.url(f"/payouts/{payout.id}"))
    assert response.status_code == 200, response.content
    return response.json()["payout"]


def test_a_payout_is_held_claimed_captured_and_completed(sandbox_ledger, provider):
    alice = enroll(provider.provider, given="Alice", family="Nguyen")
    bob = enroll(provider.provider, given="Bob", family="Okafor")
    payout = _create(provider.provider, alice)
    assert payout.status == "accepted"
    [hold] = sandbox_ledger.holds(payout.id)
    assert hold.amount_minor == 2500 and payout.hold_reference == hold.reference
    assert sandbox_ledger.balance(_source(alice)) == OPENING - 2500
    detail = _detail(provider, payout)
    assert detail["fundedFrom"] == {"fundingType": "core_ledger"}  # no money moved yet
    assert detail["operations"][0]["externalReference"] == hold.reference

    payout = services.claim_payout(
        payout_id=payout.id, recipient_provider_id=provider.id, recipient=bob.external_id
    )
    assert payout.status == "completed" and payout.claimed_on and payout.completed_on
    assert _ops(payout) == [
        ("authorize", "core_hold", "succeeded"),
        ("capture", "core_hold", "succeeded"),
        ("disburse", "core_credit", "succeeded"),
    ]
    [hold] = sandbox_ledger.holds(payout.id)
    assert hold.status == "captured"
    assert sandbox_ledger.balance(_source(alice)) == OPENING - 2500
    assert sandbox_ledger.held(_source(alice)) == 0
    detail = _detail(provider, payout)
    assert detail["fundedFrom"] == {
        "fundingType": "core_ledger",
        "reference": hold.capture_reference,
    }
    assert detail["recipient"]["externalID"] == bob.external_id
    assert detail["recipient"]["displayName"] == "Bob Okafor"
    assert [e.to_status for e in payout.events.order_by("occurred_on", "id")] == [
        "initiated",
        "authorized",
        "accepted",
        "claiming",
        "completed",
    ]


def test_a_cross_provider_claim_disburses_by_oct_and_shows_the_payout_to_both(
    sandbox_ledger, provider, other_provider
):
    alice = enroll(provider.provider)
    bob = enroll(other_provider.provider, given="Bob", family="Okafor")
    payout = _create(provider.provider, alice)
    unseen = other_provider.client.get(other_provider.url(f"/payouts/{payout.id}"))
    assert_not_found(unseen, "No payout with that ID exists for this provider.")
    payout = services.claim_payout(
        payout_id=payout.id,
        recipient_provider_id=other_provider.id,
        recipient=bob.participant_id,
        recipient_name="Bobby O",
    )
    assert payout.status == "completed"
    disburse = payout.operations.get(type="disburse")
    assert disburse.rail == "oct" and disburse.external_reference.startswith("trf_")
    assert _detail(provider, payout)["recipient"]["displayName"] == "Bobby O"
    theirs = _detail(other_provider, payout)
    assert theirs["recipient"]["displayName"] == "Bob Okafor"
    assert theirs["recipient"]["externalID"] == bob.external_id
    assert "externalID" not in theirs["sender"]


def test_a_recipient_at_another_provider_with_a_ledger_gets_a_core_credit(
    sandbox_ledger, live_server, provider, other_provider
):
    wire_sandbox_ledger(other_provider.id, live_server.url)
    payout = _create(provider.provider, enroll(provider.provider))
    payout = services.claim_payout(
        payout_id=payout.id,
        recipient_provider_id=other_provider.id,
        recipient=enroll(other_provider.provider).participant_id,
    )
    assert payout.operations.get(type="disburse").rail == "core_credit"


def test_an_unregistered_recipient_claims_with_a_name(sandbox_ledger, provider):
    payout = _create(provider.provider, enroll(provider.provider))
    payout = services.claim_payout(payout_id=payout.id, recipient_name="Sam Walker")
    assert payout.status == "completed"
    recipient = _detail(provider, payout)["recipient"]
    assert recipient == {"displayName": "Sam Walker", "phoneNumber": "+14155550123"}


def test_insufficient_funds_deny_the_payout(sandbox_ledger, provider):
    alice = enroll(provider.provider)
    sandbox_ledger.set_balance(_source(alice), 1000)
    payout = _create(provider.provider, alice, amount=2500)
    assert payout.status == "denied"
    [authorize] = payout.operations.all()
    assert authorize.status == "failed" and authorize.failure_code == "ledger_denied"
    assert authorize.failure_reason == "insufficient_funds"
    assert "fundedFrom" not in _detail(provider, payout)
    assert sandbox_ledger.holds(payout.id) == []


def test_a_ledger_that_keeps_failing_fails_the_payout(sandbox_ledger, provider, settings):
    settings.LEDGER_MAX_ATTEMPTS = 3
    sandbox_ledger.set_faults(rate_503=1.0)
    payout = _create(provider.provider, enroll(provider.provider))
    assert payout.status == "failed"
    [authorize] = payout.operations.all()
    # No trustworthy answer: whether a hold exists is unknown.
    assert (authorize.status, authorize.failure_code) == ("unknown", "ledger_unavailable")


def test_a_provider_without_a_ledger_fails_its_payouts(
    db, provider, django_capture_on_commit_callbacks
):
    sender = enroll(provider.provider)
    # This test's transaction never commits: run the on-commit ledger delivery here.
    with django_capture_on_commit_callbacks(execute=True):
        payout = _create(provider.provider, sender)
    payout.refresh_from_db()
    assert payout.status == "failed"
    assert payout.operations.get().failure_code == "ledger_not_configured"


def test_cancel_releases_the_hold(sandbox_ledger, provider):
    alice = enroll(provider.provider)
    payout = _create(provider.provider, alice)
    services.cancel_payout(payout_id=payout.id, reason="customer asked", actor=Actor.system())
    payout.refresh_from_db()
    assert payout.status == "cancelled"
    assert _ops(payout)[-1] == ("release", "core_hold", "succeeded")
    assert sandbox_ledger.balance(_source(alice)) == OPENING
    [hold] = sandbox_ledger.holds(payout.id)
    assert hold.status == "released"
    assert payout.events.get(to_status="cancelled").reason == "customer asked"


def test_an_unclaimed_payout_expires_and_its_hold_is_released(sandbox_ledger, provider):
    alice = enroll(provider.provider)
    payout = _create(provider.provider, alice)
    assert services.expire_due_payments() == []
    [expired] = services.expire_due_payments(now=payout.expires_on)
    assert expired.status == "expired"
    assert sandbox_ledger.balance(_source(alice)) == OPENING
    with pytest.raises(IllegalTransition):
        services.claim_payout(payout_id=payout.id, recipient_name="Late")


def test_a_release_says_why_the_hold_is_returned(sandbox_ledger, provider):
    """The release claims carry the payout's hold reference and a reason (the contract names
    cancelled and expired)."""
    alice = enroll(provider.provider)
    cancelled = _create(provider.provider, alice)
    services.cancel_payout(payout_id=cancelled.id, reason="customer asked", actor=Actor.system())
    expired = _create(provider.provider, alice, amount=1000)
    services.expire_due_payments(now=expired.expires_on)
    for payout, reason in ((cancelled, "cancelled"), (expired, "expired")):
        release = ledger_selectors.calls_for_payout(payout.id).get(endpoint="release")
        assert release.service["reason"] == reason
        assert release.service["holdReference"] == Payout.objects.get(pk=payout.id).hold_reference
        assert release.service["idempotencyKey"] == f"{payout.id}:release"


def test_a_claim_after_expiresOn_is_refused_even_before_the_sweep(sandbox_ledger, provider):
    payout = _create(provider.provider, enroll(provider.provider))
    Payout.objects.filter(pk=payout.id).update(expires_on=timezone.now() - timedelta(seconds=1))
    with pytest.raises(IllegalTransition):
        services.claim_payout(payout_id=payout.id, recipient_name="Late")
    assert Payout.objects.get(pk=payout.id).status == "accepted"


def test_a_failed_capture_fails_the_payout_and_releases_the_hold(sandbox_ledger, provider):
    alice = enroll(provider.provider)
    payout = _create(provider.provider, alice)
    sandbox_ledger.set_faults(next_statuses=[422])  # the capture call is rejected
    payout = services.claim_payout(payout_id=payout.id, recipient_name="Sam")
    assert payout.status == "payout_failed"
    assert _ops(payout) == [
        ("authorize", "core_hold", "succeeded"),
        ("capture", "core_hold", "failed"),
        ("disburse", "oct", "failed"),
        ("release", "core_hold", "succeeded"),
    ]
    assert payout.operations.get(type="capture").failure_code == "ledger_rejected"
    assert sandbox_ledger.balance(_source(alice)) == OPENING


def test_a_redelivered_outcome_changes_nothing(sandbox_ledger, provider):
    payout = _create(provider.provider, enroll(provider.provider))
    call = ledger_selectors.calls_for_payout(payout.id).get()
    from ledger import services as ledger_services

    outcome = ledger_services.outcome_of(call)
    before = (payout.status, _ops(payout), payout.events.count())
    tasks.on_ledger_outcome(outcome)
    tasks.on_ledger_outcome(outcome)
    payout.refresh_from_db()
    assert (payout.status, _ops(payout), payout.events.count()) == before


def test_a_risk_deny_makes_no_ledger_call(sandbox_ledger, provider, assessor):
    assessor(lambda payment: risk.RiskVerdict("deny", 0.97, "asm_1", "velocity"))
    payout = _create(provider.provider, enroll(provider.provider))
    assert payout.status == "denied" and payout.assessment_ids == ["asm_1"]
    assert payout.operations.count() == 0 and sandbox_ledger.holds(payout.id) == []
    assert ledger_selectors.calls_for_payout(payout.id).count() == 0


def test_a_review_holds_the_payout_authorized_until_lifted(sandbox_ledger, provider, assessor):
    def review(payment):
        # What the reviews app does: open the review and set the hold, in this transaction.
        services.attach_review(payout_id=payment.id, review_id="rev_1")
        services.set_hold(payment_id=payment.id, active=True, expires_on=None)
        return risk.RiskVerdict("review", 0.55, "asm_2", "new device")

    assessor(review)
    payout = _create(provider.provider, enroll(provider.provider))
    assert payout.status == "authorized" and payout.hold_active
    assert payout.review_ids == ["rev_1"] and payout.assessment_ids == ["asm_2"]
    assert payout.fraud_score == 0.55
    assert sandbox_ledger.holds(payout.id)  # authorized anyway
    with pytest.raises(IllegalTransition):
        services.claim_payout(payout_id=payout.id, recipient_name="Sam")
    listed = provider.client.get(provider.url("/payments"), {"onHold": "true"}).json()
    assert [row["paymentID"] for row in listed["payments"]] == [payout.id]

    services.set_hold(payment_id=payout.id, active=False, expires_on=None)
    payout.refresh_from_db()
    assert payout.status == "accepted" and not payout.hold_active
    # A new blocking review takes it back until that one is resolved too.
    services.set_hold(payment_id=payout.id, active=True, expires_on=timezone.now())
    payout.refresh_from_db()
    assert payout.status == "authorized"
    services.set_hold(payment_id=payout.id, active=False, expires_on=None)
    assert services.claim_payout(payout_id=payout.id, recipient_name="S").status == "completed"


def test_staff_commands_drive_a_payout(sandbox_ledger, provider, capsys):
    alice = enroll(provider.provider)
    bob = enroll(provider.provider, given="Bob")

    def run(*args):
        call_command(*args, "--json")
        return json.loads(capsys.readouterr().out)

    created = run(
        "create_payout", "--provider", provider.id, "--sender", alice.external_id,
        "--recipient-phone", "+14155550123", "--amount", "12.34", "--memo", "Lunch",
    )  # fmt: skip
    assert created["status"] == "accepted" and created["payoutID"].startswith("po_")
    assert Payout.objects.get(pk=created["payoutID"]).amount_minor == 1234
    claimed = run(
        "claim_payout", "--payout", created["payoutID"],
        "--recipient-provider", provider.id, "--recipient", bob.participant_id,
    )  # fmt: skip
    assert claimed == {**claimed, "payoutID": created["payoutID"], "status": "completed"}
    second = run(
        "create_payout", "--provider", provider.id, "--sender", alice.participant_id,
        "--recipient-phone", "+14155550124", "--amount", "5", "--currency", "USD",
    )  # fmt: skip
    cancelled = run("cancel_payout", "--payout", second["payoutID"])
    assert cancelled["status"] == "cancelled"


@pytest.mark.parametrize(
    "args",
    [
        ["--amount", "12.345"],
        ["--amount", "ten"],
        ["--amount", "12.34", "--currency", "EUR"],
        ["--amount", "12.34", "--recipient-phone", "555-0100"],
    ],
)
def test_create_payout_command_refuses_bad_input(db, provider, args):
    from django.core.management.base import CommandError

    alice = enroll(provider.provider)
    base = {"--provider": provider.id, "--sender": alice.external_id}
    base.setdefault("--recipient-phone", "+14155550123")
    flat = [x for pair in base.items() for x in pair if pair[0] not in args] + args
    with pytest.raises(CommandError):
        call_command("create_payout", *flat)
    assert not Payout.objects.exists()


@pytest.mark.pgbouncer
@pytest.mark.postgres
def test_concurrent_payouts_cannot_both_squeeze_under_a_limit(sandbox_ledger, provider):
    """Two payouts that each fit the daily amount but not together: the row lock on the
    sender's enrollment around check + create lets exactly one through."""
    import threading

    from django.db import connection

    from limits import services as limit_services
    from limits.errors import SendLimitExceeded

    alice = enroll(provider.provider)
    limit_services.set_limit_override(
        enrollment=alice, values={"dailyAmount": 4000}, actor=Actor.system()
    )
    barrier = threading.Barrier(2)
    results = []

    def send():
        try:
            barrier.wait(timeout=10)
            results.append(_create(provider.provider, alice, amount=3000).status)
        except SendLimitExceeded as exc:
            results.append(exc.dimension)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(results) == ["accepted", "dailyAmount"]
    assert Payout.objects.filter(initiator_enrollment=alice).count() == 1


def test_a_hold_placed_while_its_answer_was_lost_is_found_and_released(
    sandbox_ledger, provider, settings
):
    """Every authorize reply is lost (the sandbox answers after the client gave up), so the
    payout fails with an unknown authorize. Re-asking later gets the provider's first answer
    (same idempotency key): the hold exists, and it is released."""
    settings.LEDGER_MAX_ATTEMPTS = 2
    settings.LEDGER_READ_TIMEOUT_MS = 150
    settings.PAYOUT_RECONCILE_AFTER_SECONDS = 0
    alice = enroll(provider.provider)
    sandbox_ledger.set_faults(slow_rate=1.0, slow_ms=600)
    payout = _create(provider.provider, alice)
    assert payout.status == "failed"
    assert payout.operations.get().status == "unknown"
    # The ledger finishes the requests the client gave up on in its own time.
    assert eventually(lambda: len(sandbox_ledger.holds(payout.id)) == 1)
    [hold] = sandbox_ledger.holds(payout.id)
    assert hold.status == "held"  # the provider did place it
    assert sandbox_ledger.balance(_source(alice)) == OPENING - 2500

    sandbox_ledger.set_faults()
    assert services.expire_due_payments() == []  # not the expiry sweep's business
    [asked] = services.reconcile_unknown_authorizations()
    assert asked.id == payout.id
    payout.refresh_from_db()
    assert payout.status == "failed" and payout.hold_reference == hold.reference
    assert _ops(payout) == [
        ("authorize", "core_hold", "unknown"),
        ("authorize", "core_hold", "succeeded"),
        ("release", "core_hold", "succeeded"),
    ]
    [hold] = sandbox_ledger.holds(payout.id)
    assert hold.status == "released"
    assert sandbox_ledger.balance(_source(alice)) == OPENING
    assert "fundedFrom" not in _detail(provider, payout)  # nothing funded the payout
    assert services.reconcile_unknown_authorizations() == []  # answered: nothing to ask


def test_reconciliation_stops_after_a_few_unanswered_asks(sandbox_ledger, provider, settings):
    settings.LEDGER_MAX_ATTEMPTS = 1
    settings.PAYOUT_RECONCILE_AFTER_SECONDS = 0
    sandbox_ledger.set_faults(rate_503=1.0)
    payout = _create(provider.provider, enroll(provider.provider))
    asked = 0
    while services.reconcile_unknown_authorizations():
        asked += 1
        assert asked < 10
    assert asked == services.RECONCILE_ATTEMPTS - 1
    assert [op.status for op in payout.operations.all()] == ["unknown"] * 3
