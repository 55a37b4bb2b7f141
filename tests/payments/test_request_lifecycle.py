"""Requests through the engine: pay, wait for a suspended requester, expire, refund, fail.

Requests move money on rails the service drives itself (payments.rails), so these flows need
no provider ledger; the disbursement rail still depends on whether the requester's provider
has a ledger registered (core credit) or not (OCT to the requester's card)."""

from datetime import datetime, timedelta

import pytest
import time_machine
from django.utils import timezone

from common.actors import Actor
from common.errors import InvalidRequest
from common.verdicts import RiskVerdict
from participants import services as participant_services
from payments import services
from payments.errors import IllegalTransition, ParticipantSuspended
from payments.models import Operation, PaymentRequest
from tests.payments.api_writes import suspend as _suspend
from tests.payments.factories import enroll, new_request
from tests.problems import assert_not_found

pytestmark = pytest.mark.django_db


def _create(provider, requester, amount=2500, memo="Dinner"):
    return new_request(provider, requester, amount_minor=amount, memo=memo)


def _pay(request, payer):
    return services.pay_request(
        request_id=request.id, payer_provider_id=payer.provider_id, payer=payer.participant_id
    )


def _ops(request):
    return [
        (op.type, op.rail, op.status)
        for op in Operation.objects.filter(payment_id=request.id).order_by("created_on", "id")
    ]


def _statuses(request):
    return [(e.trigger, e.to_status) for e in request.events.order_by("occurred_on", "id")]


def _reactivate(enrollment):
    enrollment.refresh_from_db()
    participant_services.reactivate(
        enrollment_id=enrollment.pk,
        note="cleared",
        expected_version_id=enrollment.relationship_version_id,
        actor=Actor.system(),
    )


def test_a_paid_request_completes(provider, other_provider):
    requester = enroll(provider.provider, given="Rita")
    payer = enroll(other_provider.provider, given="Paul", family="Park")
    request = _create(provider.provider, requester)
    assert request.status == "created" and request.counterparty_phone == "+14155550123"

    request = _pay(request, payer)
    assert request.status == "completed" and request.funded_on and request.completed_on
    assert request.counterparty_participant_id == payer.participant_id
    assert request.counterparty_name == "Paul Park"
    assert _ops(request) == [("collect", "aft", "succeeded"), ("disburse", "oct", "succeeded")]
    assert all(op.external_reference.startswith("trf_") for op in request.operations.all())
    assert _statuses(request) == [
        ("create", "created"),
        ("authenticate", "authenticated"),
        ("pay", "paying"),
        ("fund", "funded"),
        ("disburse", "disbursing"),
        ("complete", "completed"),
    ]
    # Once bound, the payer's provider sees the request.
    body = other_provider.client.get(other_provider.url(f"/requests/{request.id}")).json()
    assert body["request"]["payer"]["externalID"] == payer.external_id


def test_a_requester_at_a_provider_with_a_ledger_is_credited_on_core(provider):
    from tests.conftest import wire_sandbox_ledger

    wire_sandbox_ledger(provider.id, "http://ledger.invalid")
    request = _pay(_create(provider.provider, enroll(provider.provider)), enroll(provider.provider))
    assert _ops(request)[-1] == ("disburse", "core_credit", "succeeded")
    assert not request.operations.get(type="disburse").external_reference


def test_money_for_a_suspended_requester_waits_until_reactivation(provider):
    requester = enroll(provider.provider)
    payer = enroll(provider.provider, given="Paul")
    request = _create(provider.provider, requester)
    _suspend(requester)  # after the request was made: paying it is unaffected
    request = _pay(request, payer)
    assert request.status == "funded"
    assert services.release_waiting_requests() == []  # still suspended
    _reactivate(requester)
    [released] = services.release_waiting_requests()
    assert released.id == request.id and released.status == "completed"


def test_money_for_a_suspended_requester_is_refunded_at_expiry(provider):
    requester = enroll(provider.provider)
    payer = enroll(provider.provider, given="Paul")
    request = _create(provider.provider, requester)
    _suspend(requester)
    _pay(request, payer)
    later = request.expires_on + timedelta(seconds=1)
    [expired] = services.expire_due_payments(now=later)
    assert expired.status == "reversed"
    assert _ops(expired) == [
        ("collect", "aft", "succeeded"),
        ("refund", "oct", "succeeded"),
    ]
    assert ("refund", "reversing") in _statuses(expired)


def test_a_request_funded_and_reactivated_before_the_sweep_is_paid_out_at_expiry(provider):
    requester = enroll(provider.provider)
    request = _create(provider.provider, requester)
    _suspend(requester)
    _pay(request, enroll(provider.provider, given="Paul"))
    _reactivate(requester)
    [done] = services.expire_due_payments(now=request.expires_on)
    assert done.status == "completed"


def test_a_failed_disbursement_is_refunded(provider):
    requester = enroll(provider.provider)
    request = _create(provider.provider, requester)
    participant_services.disable_funding_source(
        enrollment=requester, funding_source_id=request.initiator_funding_source_id
    )
    request = _pay(request, enroll(provider.provider, given="Paul"))
    assert request.status == "reversed"
    disburse = request.operations.get(type="disburse")
    assert disburse.status == "failed" and disburse.failure_code == "destination_unavailable"
    assert [s for _, s in _statuses(request)][-3:] == [
        "disbursement_failed",
        "reversing",
        "reversed",
    ]


def test_request_detail_lists_each_pay_attempt_the_disbursement_and_the_refund(provider):
    requester = enroll(provider.provider)
    payer = enroll(provider.provider, given="Paul")
    request = _create(provider.provider, requester)
    payer.funding_sources.update(disabled_on=timezone.now())
    assert _pay(request, payer).status == "authenticated"  # the collection failed
    payer.funding_sources.update(disabled_on=None)
    requester.funding_sources.update(disabled_on=timezone.now())  # the disbursement fails
    assert _pay(request, payer).status == "reversed"
    body = provider.client.get(provider.url(f"/requests/{request.id}")).json()["request"]
    assert [(op["type"], op["status"]) for op in body["operations"]] == [
        ("collect", "failed"),
        ("collect", "succeeded"),
        ("disburse", "failed"),
        ("refund", "succeeded"),
    ]
    occurred = [op["occurredOn"] for op in body["operations"]]
    assert occurred == sorted(occurred)
    ids = [op["operationID"] for op in body["operations"]]
    assert all(i.startswith("op_") for i in ids) and len(set(ids)) == 4
    assert body["fundedOn"] and "completedOn" not in body  # the disbursement never settled


def test_operation_occurred_on_is_the_resolution_or_the_latest_change(provider):
    requester = enroll(provider.provider)
    payer = enroll(provider.provider, given="Paul")
    started = timezone.now().replace(microsecond=0)
    with time_machine.travel(started, tick=False):
        request = _create(provider.provider, requester)
        services.start_payment(
            request_id=request.id, payer_provider_id=payer.provider_id, payer=payer.participant_id
        )
    path = provider.url(f"/requests/{request.id}")

    def collect():
        [operation] = provider.client.get(path).json()["request"]["operations"]
        return operation["status"], datetime.fromisoformat(operation["occurredOn"])

    assert collect() == ("pending", started)  # unresolved: the time of its latest change
    settled = started + timedelta(minutes=3)
    with time_machine.travel(settled, tick=False):
        services.advance_request(request_id=request.id, max_steps=1)
    assert collect() == ("succeeded", settled)  # resolved: the resolution time


def test_a_refund_that_fails_ends_in_reversal_failed(provider):
    requester = enroll(provider.provider)
    payer = enroll(provider.provider, given="Paul")
    request = _create(provider.provider, requester)
    _suspend(requester)
    assert _pay(request, payer).status == "funded"  # collected, waiting for the requester
    # Both instruments go away while the money waits: neither payout nor refund can land.
    participant_services.disable_funding_source(
        enrollment=requester, funding_source_id=request.initiator_funding_source_id
    )
    participant_services.disable_funding_source(
        enrollment=payer, funding_source_id=payer.funding_sources.get().pk
    )
    _reactivate(requester)
    [request] = services.release_waiting_requests()
    assert request.status == "reversal_failed"
    assert _ops(request) == [
        ("collect", "aft", "succeeded"),
        ("disburse", "oct", "failed"),
        ("refund", "oct", "failed"),
    ]
    assert request.operations.get(type="refund").failure_code == "funding_source_unavailable"


def test_a_failed_collection_can_be_retried(provider):
    requester = enroll(provider.provider)
    payer = enroll(provider.provider, given="Paul", sources=("card", "bank"))
    request = _create(provider.provider, requester)
    first, second = payer.funding_sources.order_by("created_on", "id")
    participant_services.disable_funding_source(enrollment=payer, funding_source_id=second.pk)
    participant_services.disable_funding_source(enrollment=payer, funding_source_id=first.pk)
    request = _pay(request, payer)
    assert request.status == "authenticated"
    participant_services.upsert_funding_sources(
        enrollment=payer,
        sources=[
            participant_services.NewFundingSource(
                funding_type=first.funding_type,
                provider_source_id=first.provider_source_id,
                display_name="Visa debit",
            )
        ],
    )
    request = _pay(request, payer)
    assert request.status == "completed"
    assert [op for op in _ops(request) if op[0] == "collect"] == [
        ("collect", "aft", "failed"),
        ("collect", "aft", "succeeded"),
    ]


def test_only_the_authenticated_payer_can_pay(provider):
    request = _create(provider.provider, enroll(provider.provider))
    payer = enroll(provider.provider, given="Paul")
    other = enroll(provider.provider, given="Olga")
    payer.funding_sources.update(disabled_on=timezone.now())
    assert _pay(request, payer).status == "authenticated"
    with pytest.raises(IllegalTransition):
        _pay(request, other)


def test_the_requester_cannot_pay_itself(provider):
    requester = enroll(provider.provider)
    request = _create(provider.provider, requester)
    with pytest.raises(InvalidRequest):
        _pay(request, requester)
    assert PaymentRequest.objects.get(pk=request.id).status == "created"


def test_a_suspended_payer_cannot_pay(provider):
    request = _create(provider.provider, enroll(provider.provider))
    payer = enroll(provider.provider, given="Paul")
    _suspend(payer)
    with pytest.raises(ParticipantSuspended):
        _pay(request, payer)
    assert PaymentRequest.objects.get(pk=request.id).status == "created"


def test_a_suspended_payer_can_still_sign_in(provider):
    """Signing in is unaffected by a suspension; paying is what it stops."""
    request = _create(provider.provider, enroll(provider.provider))
    payer = enroll(provider.provider, given="Paul", family="Park")
    _suspend(payer)
    signed_in = services.authenticate_payer(
        request_id=request.id, payer_provider_id=payer.provider_id, payer=payer.participant_id
    )
    assert signed_in.status == "authenticated"
    body = provider.client.get(provider.url(f"/requests/{request.id}")).json()["request"]
    assert body["status"] == "authenticated"
    assert body["payer"]["participantID"] == payer.participant_id
    with pytest.raises(ParticipantSuspended):
        _pay(request, payer)
    assert PaymentRequest.objects.get(pk=request.id).status == "authenticated"


def test_decline_and_cancel(provider):
    requester = enroll(provider.provider)
    declined = services.decline_request(request_id=_create(provider.provider, requester).id)
    cancelled = services.cancel_request(request_id=_create(provider.provider, requester).id)
    assert (declined.status, cancelled.status) == ("declined", "cancelled")


def test_open_requests_expire_and_expired_ones_cannot_be_paid(provider):
    requester = enroll(provider.provider)
    payer = enroll(provider.provider, given="Paul")
    open_one = _create(provider.provider, requester)
    authenticated = _create(provider.provider, requester)
    payer.funding_sources.update(disabled_on=timezone.now())
    _pay(authenticated, payer)  # the collection fails: authenticated, not paid
    with time_machine.travel(open_one.expires_on + timedelta(minutes=1), tick=False):
        with pytest.raises(IllegalTransition):
            _pay(open_one, payer)
        expired = services.expire_due_payments()
    assert sorted(p.status for p in expired) == ["expired", "expired"]
    assert services.expire_due_payments(now=open_one.expires_on + timedelta(days=1)) == []


def test_staff_commands_drive_requests(provider, other_provider, capsys):
    import json

    from django.core.management import call_command
    from django.core.management.base import CommandError

    requester = enroll(provider.provider)
    payer = enroll(other_provider.provider, given="Paul")

    def run(*args):
        call_command(*args, "--json")
        return json.loads(capsys.readouterr().out)

    created = run(
        "create_request", "--provider", provider.id, "--requester", requester.external_id,
        "--payer-phone", "+14155550123", "--amount", "40", "--memo", "Concert tickets",
    )  # fmt: skip
    assert created["status"] == "created" and created["requestID"].startswith("rq_")
    paid = run(
        "pay_request", "--request", created["requestID"],
        "--payer-provider", other_provider.id, "--payer", payer.external_id,
    )  # fmt: skip
    assert paid["status"] == "completed"
    for command, status in (("decline_request", "declined"), ("cancel_request", "cancelled")):
        made = run(
            "create_request", "--provider", provider.id, "--requester", requester.participant_id,
            "--payer-phone", "+14155550123", "--amount", "1.50",
        )  # fmt: skip
        assert run(command, "--request", made["requestID"])["status"] == status
        with pytest.raises(CommandError, match="cannot"):
            call_command(command, "--request", made["requestID"])
    assert run("expire_payments") == {"count": 0, "payments": []}
    late = _create(provider.provider, requester)
    with time_machine.travel(late.expires_on, tick=False):
        assert run("expire_payments") == {
            "count": 1,
            "payments": [{"paymentID": late.id, "status": "expired"}],
        }


def test_a_payer_that_signs_in_is_bound_before_paying(provider, other_provider):
    request = _create(provider.provider, enroll(provider.provider))
    payer = enroll(other_provider.provider, given="Paul", family="Park")
    seen = other_provider.client.get(other_provider.url(f"/requests/{request.id}"))
    assert_not_found(seen, "No request with that ID exists for this provider.")
    request = services.authenticate_payer(
        request_id=request.id, payer_provider_id=other_provider.id, payer=payer.external_id
    )
    assert request.status == "authenticated" and not request.operations.exists()
    body = other_provider.client.get(other_provider.url(f"/requests/{request.id}")).json()
    assert body["request"]["payer"]["displayName"] == "Paul Park"
    # Paying later goes straight to the collection; steps can be taken one at a time.
    services.start_payment(
        request_id=request.id, payer_provider_id=other_provider.id, payer=payer.participant_id
    )
    assert services.advance_request(request_id=request.id, max_steps=1).status == "funded"
    assert services.advance_request(request_id=request.id, max_steps=1).status == "disbursing"
    assert services.advance_request(request_id=request.id).status == "completed"


def test_a_request_the_risk_engine_denies_is_denied(provider):
    from payments import risk

    with risk.assessor.replaced(lambda payment: RiskVerdict("deny", 0.9, "asm_9", "mule")):
        request = _create(provider.provider, enroll(provider.provider))
    assert request.status == "denied" and request.assessment_ids == ["asm_9"]
    assert request.events.get(to_status="denied").reason == "mule"
    with pytest.raises(IllegalTransition):
        _pay(request, enroll(provider.provider, given="Paul"))
