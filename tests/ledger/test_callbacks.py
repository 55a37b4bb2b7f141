"""Client and sandbox ledger over real HTTP: the three callbacks, full cycles, retries,
terminal failures and the attempt log."""

import re

import pytest
from django.conf import settings

from ledger import selectors
from ledger.models import CallbackAttempt, LedgerCall
from ledger.sandbox.models import SandboxHold, SandboxOperation
from tests.conftest import wire_sandbox_ledger
from tests.ledger.support import (
    OUTCOME_KEYS,
    authorize,
    authorize_service,
    capture,
    open_response,
    post_sandbox,
    release,
)

OPENING = 1_000_000
ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


@pytest.fixture(autouse=True)
def fast_retries(settings):
    settings.LEDGER_RETRY_BASE_MS = 10
    settings.LEDGER_RETRY_MAX_MS = 50


def test_authorize_places_a_hold_and_reports_it(sandbox_ledger, provider, received):
    outcome = authorize(provider.id, "po_A1", amount=1500, source="acct-1")
    assert set(outcome) == OUTCOME_KEYS
    assert outcome["endpoint"] == "authorize"
    assert outcome["providerID"] == provider.id and outcome["payoutID"] == "po_A1"
    assert outcome["outcome"] == "approved"
    assert outcome["reference"].startswith("hold_")
    assert outcome["reason"] is None and outcome["failureCode"] is None
    assert outcome["idempotencyKey"] == "po_A1:authorize"
    assert outcome["attempts"] == 1 and outcome["httpStatus"] == 200
    assert ISO_UTC.match(outcome["occurredOn"])
    [hold] = sandbox_ledger.holds("po_A1")
    assert (hold.reference, hold.amount_minor, hold.status) == (outcome["reference"], 1500, "held")
    assert sandbox_ledger.balance("acct-1") == OPENING - 1500
    assert sandbox_ledger.held("acct-1") == 1500


def test_every_attempt_is_logged(sandbox_ledger, provider, received):
    authorize(provider.id, "po_A2")
    [attempt] = selectors.attempts_for_payout("po_A2")
    assert attempt.endpoint == "authorize" and attempt.attempt == 1
    assert attempt.provider_id == provider.id
    assert attempt.url == sandbox_ledger.urls["authorize_url"]
    assert attempt.http_status == 200 and attempt.outcome == "approved"
    assert 0 <= attempt.latency_ms < 10_000 and attempt.error == ""
    [call] = selectors.calls_for_payout("po_A2")
    assert call.status == "completed" and call.replied_on is not None


def test_authorize_then_capture(sandbox_ledger, provider, received):
    hold = authorize(provider.id, "po_C1", amount=2500)["reference"]
    outcome = capture(provider.id, "po_C1", hold, amount=2500)
    assert outcome["endpoint"] == "capture" and outcome["outcome"] == "approved"
    assert outcome["reference"].startswith("cap_")
    assert outcome["idempotencyKey"] == "po_C1:capture"
    [row] = sandbox_ledger.holds("po_C1")
    assert row.status == "captured" and row.capture_reference == outcome["reference"]
    assert sandbox_ledger.balance("acct-1") == OPENING - 2500
    assert sandbox_ledger.held("acct-1") == 0


def test_authorize_then_release(sandbox_ledger, provider, received):
    hold = authorize(provider.id, "po_R1", amount=2500)["reference"]
    outcome = release(provider.id, "po_R1", hold)
    assert outcome["endpoint"] == "release" and outcome["outcome"] == "approved"
    assert outcome["reference"].startswith("rel_")
    assert outcome["idempotencyKey"] == "po_R1:release"
    [row] = sandbox_ledger.holds("po_R1")
    assert row.status == "released" and row.release_reference == outcome["reference"]
    assert sandbox_ledger.balance("acct-1") == OPENING
    assert sandbox_ledger.held("acct-1") == 0


def test_partial_capture_returns_the_rest(sandbox_ledger, provider, received):
    hold = authorize(provider.id, "po_C2", amount=2500)["reference"]
    assert capture(provider.id, "po_C2", hold, amount=1000)["outcome"] == "approved"
    assert sandbox_ledger.balance("acct-1") == OPENING - 1000


def test_insufficient_funds_is_denied_without_a_hold(sandbox_ledger, provider, received):
    sandbox_ledger.set_balance("acct-low", 1000)
    outcome = authorize(provider.id, "po_D1", amount=1500, source="acct-low")
    assert outcome["outcome"] == "denied"
    assert outcome["reference"] is None
    assert outcome["reason"] == "insufficient_funds"
    assert outcome["failureCode"] == "ledger_denied"
    assert sandbox_ledger.holds("po_D1") == []
    assert sandbox_ledger.balance("acct-low") == 1000


def test_capture_of_a_released_hold_fails(sandbox_ledger, provider, received):
    hold = authorize(provider.id, "po_F1")["reference"]
    release(provider.id, "po_F1", hold)
    outcome = capture(provider.id, "po_F1", hold)
    assert outcome["outcome"] == "failed" and outcome["reason"] == "hold_released"
    assert outcome["reference"] is None and outcome["failureCode"] == "ledger_failed"


def test_release_of_an_unknown_hold_fails(sandbox_ledger, provider, received):
    outcome = release(provider.id, "po_F2", "hold_does_not_exist")
    assert outcome["outcome"] == "failed" and outcome["reason"] == "unknown_hold"


def test_a_repeated_authorize_replays_the_same_hold(sandbox_ledger, provider, received):
    first = authorize(provider.id, "po_P1")
    second = authorize(provider.id, "po_P1")
    assert second["outcome"] == "approved"
    assert second["reference"] == first["reference"]
    assert second["idempotencyKey"] == first["idempotencyKey"]
    assert len(sandbox_ledger.holds("po_P1")) == 1
    assert sandbox_ledger.balance("acct-1") == OPENING - 1500
    [operation] = sandbox_ledger.operations("authorize")
    assert operation.replays == 1
    assert LedgerCall.objects.filter(payout_id="po_P1").count() == 2


def test_releasing_a_released_hold_answers_the_original_reference(
    sandbox_ledger, provider, received
):
    hold = authorize(provider.id, "po_P2")["reference"]
    first = release(provider.id, "po_P2", hold)
    again = release(provider.id, "po_P2", hold)  # same key: a replay
    assert again["outcome"] == "approved" and again["reference"] == first["reference"]
    # A release under another key is a new operation on a released hold: approved, same ref.
    service = {
        "payoutID": "po_P2",
        "providerID": provider.id,
        "holdReference": hold,
        "idempotencyKey": "another-key",
    }
    response = post_sandbox(sandbox_ledger, "release", service=service)
    answered = open_response(sandbox_ledger, "release", response)
    assert answered == {
        "outcome": "approved",
        "releaseReference": first["reference"],
        "idempotencyKey": "another-key",
    }
    assert sandbox_ledger.balance("acct-1") == OPENING


def test_keys_are_deduplicated_per_endpoint(sandbox_ledger, provider):
    # The same key on authorize and then on release: the release is not a replay.
    key = "po_K1"
    service = authorize_service(provider.id, "po_K1", key=key)
    approved = open_response(
        sandbox_ledger, "authorize", post_sandbox(sandbox_ledger, "authorize", service=service)
    )
    assert approved["outcome"] == "approved"
    release_service = {
        "payoutID": "po_K1",
        "providerID": provider.id,
        "holdReference": approved["holdReference"],
        "idempotencyKey": key,
    }
    released = open_response(
        sandbox_ledger, "release", post_sandbox(sandbox_ledger, "release", service=release_service)
    )
    assert released["outcome"] == "approved" and released["releaseReference"].startswith("rel_")
    assert SandboxHold.objects.get(reference=approved["holdReference"]).status == "released"
    assert SandboxOperation.objects.filter(idempotency_key=key).count() == 2


def test_retries_on_503_and_429_end_with_one_hold(sandbox_ledger, provider, received):
    sandbox_ledger.set_faults(next_statuses=[503, 429, 503], retry_after_seconds=2)
    outcome = authorize(provider.id, "po_T1")
    assert outcome["outcome"] == "approved" and outcome["attempts"] == 4
    assert outcome["httpStatus"] == 200
    log = list(selectors.attempts_for_payout("po_T1"))
    assert [a.attempt for a in log] == [1, 2, 3, 4]
    assert [a.http_status for a in log] == [503, 429, 503, 200]
    assert [a.outcome for a in log] == ["retry", "retry", "retry", "approved"]
    # The 429's Retry-After (2 s) is the floor of the scheduled delay.
    assert log[1].retry_in_ms >= 2000
    assert all(a.retry_in_ms <= 50 for a in (log[0], log[2]))
    assert log[3].retry_in_ms is None
    assert len(sandbox_ledger.holds("po_T1")) == 1


def test_408_and_other_5xx_are_retried(sandbox_ledger, provider, received):
    sandbox_ledger.set_faults(next_statuses=[408, 500, 502, 504])
    outcome = authorize(provider.id, "po_T2")
    assert outcome["outcome"] == "approved" and outcome["attempts"] == 5


def test_retries_stop_at_the_configured_maximum(sandbox_ledger, provider, received, settings):
    settings.LEDGER_MAX_ATTEMPTS = 3
    sandbox_ledger.set_faults(next_statuses=[503, 503, 503, 503])
    outcome = authorize(provider.id, "po_T3")
    assert outcome["outcome"] == "error" and outcome["failureCode"] == "ledger_unavailable"
    assert outcome["attempts"] == 3 and outcome["httpStatus"] == 503
    assert outcome["reference"] is None and outcome["reason"] is None
    assert [a.outcome for a in selectors.attempts_for_payout("po_T3")] == [
        "retry",
        "retry",
        "unavailable",
    ]
    assert sandbox_ledger.holds("po_T3") == []


def test_other_4xx_are_terminal_and_not_retried(sandbox_ledger, provider, received):
    for status in (400, 401, 403, 404, 409, 422):
        payout_id = f"po_X{status}"
        sandbox_ledger.set_faults(next_statuses=[status, 503])
        outcome = authorize(provider.id, payout_id)
        assert outcome["outcome"] == "error" and outcome["failureCode"] == "ledger_rejected"
        assert outcome["attempts"] == 1 and outcome["httpStatus"] == status
        [attempt] = selectors.attempts_for_payout(payout_id)
        assert attempt.outcome == "rejected" and attempt.error.startswith(f"HTTP {status}")
        assert sandbox_ledger.faults().next_statuses == [503]  # nothing more was sent


def test_a_request_the_provider_cannot_decrypt_is_rejected_not_retried(
    live_server, sandbox_ledger, provider, other_provider, received
):
    # Our provider's URLs point at another provider's sandbox ledger, which has another key.
    other = wire_sandbox_ledger(other_provider.id, live_server.url)
    from ledger import services

    services.register_ledger(
        provider_id=provider.id, generate_key=True, require_https=False, **other.urls
    )
    outcome = authorize(provider.id, "po_X2")
    assert (outcome["outcome"], outcome["failureCode"], outcome["httpStatus"]) == (
        "error",
        "ledger_rejected",
        400,
    )
    assert outcome["attempts"] == 1
    assert "cannot be decrypted" in selectors.attempts_for_payout("po_X2")[0].error


def test_claims_for_the_wrong_provider_are_rejected(
    live_server, sandbox_ledger, provider, other_provider, received
):
    # The other provider's key and URLs: decryptable, but the claims name our provider.
    other = wire_sandbox_ledger(other_provider.id, live_server.url)
    from ledger import keys, services

    services.register_ledger(
        provider_id=provider.id, key=keys.as_jwk(other.key), require_https=False, **other.urls
    )
    outcome = authorize(provider.id, "po_X3")
    assert (outcome["failureCode"], outcome["httpStatus"], outcome["attempts"]) == (
        "ledger_rejected",
        422,
        1,
    )
    assert other.holds() == []


def test_a_provider_without_a_ledger_gets_not_configured(transactional_db, provider, received):
    outcome = authorize(provider.id, "po_N1")
    assert outcome["outcome"] == "error" and outcome["failureCode"] == "ledger_not_configured"
    assert outcome["attempts"] == 0 and outcome["httpStatus"] is None
    assert not CallbackAttempt.objects.filter(payout_id="po_N1").exists()


def test_transport_errors_are_retried(transactional_db, provider, received, settings):
    from ledger import services

    settings.LEDGER_MAX_ATTEMPTS = 3
    closed = "http://127.0.0.1:9/ledger"  # discard port: nothing listens
    services.register_ledger(
        provider_id=provider.id,
        generate_key=True,
        require_https=False,
        authorize_url=f"{closed}/authorize",
        release_url=f"{closed}/release",
        capture_url=f"{closed}/capture",
    )
    outcome = authorize(provider.id, "po_N2")
    assert outcome["failureCode"] == "ledger_unavailable" and outcome["attempts"] == 3
    assert outcome["httpStatus"] is None
    log = selectors.attempts_for_payout("po_N2")
    assert all(a.http_status is None and "ConnectionError" in a.error for a in log)


def test_request_claims_are_exactly_the_contract_ones(sandbox_ledger, provider, received):
    authorize(provider.id, "po_Q1", caller_subject="user-7", request_id="req-9")
    [call] = selectors.calls_for_payout("po_Q1")
    assert call.service == {
        "payoutID": "po_Q1",
        "providerID": provider.id,
        "externalID": "cust-1",
        "fundingSource": "acct-1",
        "amount": {"value": "15.00", "currency": {"code": "USD", "decimalPlaces": 2}},
        "fraudScore": 0.12,
        "callerSubject": "user-7",
        "requestID": "req-9",
        "idempotencyKey": "po_Q1:authorize",
    }
    authorize(provider.id, "po_Q2")
    assert "callerSubject" not in selectors.calls_for_payout("po_Q2")[0].service


def test_sandbox_opening_balance_is_a_setting(sandbox_ledger):
    assert sandbox_ledger.balance("never-seen") == settings.SANDBOX_LEDGER_OPENING_BALANCE
