"""The declared transition table: every legal transition and every illegal one."""

import itertools

import pytest

from common.errors import StateConflict
from payments import services
from payments.errors import IllegalTransition
from payments.models import STATUSES_BY_TYPE, PaymentType, PayoutStatus, RequestStatus
from payments.transitions import TRANSITIONS, allowed, next_status, triggers
from tests.payments.factories import enroll, make_payment

CASES = [
    (payment_type, trigger, status)
    for payment_type in PaymentType.values
    for trigger in triggers(payment_type)
    for status in STATUSES_BY_TYPE[payment_type]
]
LEGAL = [case for case in CASES if allowed(*case)]
ILLEGAL = [case for case in CASES if not allowed(*case)]


def test_the_table_only_names_statuses_of_its_family():
    for transition in TRANSITIONS:
        family = STATUSES_BY_TYPE[transition.type]
        assert transition.target in family, transition
        assert set(transition.sources) <= set(family), transition


def test_triggers_are_unique_per_family():
    keys = [(t.type, t.trigger) for t in TRANSITIONS]
    assert len(keys) == len(set(keys))


def test_every_status_is_reachable_from_the_initial_one():
    for payment_type, initial in (("payout", "initiated"), ("request", "created")):
        reached, frontier = {initial}, [initial]
        while frontier:
            status = frontier.pop()
            for t in TRANSITIONS:
                if t.type == payment_type and status in t.sources and t.target not in reached:
                    reached.add(t.target)
                    frontier.append(t.target)
        assert reached == set(STATUSES_BY_TYPE[payment_type]), payment_type


def test_terminal_statuses_have_no_way_out():
    terminal = {
        "payout": {"completed", "failed", "payout_failed", "cancelled", "expired", "denied"},
        "request": {"completed", "declined", "cancelled", "expired", "reversed", "denied"},
    }
    for payment_type, statuses in terminal.items():
        for status, trigger in itertools.product(statuses, triggers(payment_type)):
            assert not allowed(payment_type, trigger, status), (payment_type, status, trigger)


@pytest.mark.parametrize(("payment_type", "trigger", "status"), LEGAL)
def test_legal_transition(payment_type, trigger, status):
    target = next(t.target for t in TRANSITIONS if (t.type, t.trigger) == (payment_type, trigger))
    assert next_status(payment_type, trigger, status) == target


@pytest.mark.parametrize(("payment_type", "trigger", "status"), ILLEGAL)
def test_illegal_transition_is_a_state_conflict(payment_type, trigger, status):
    with pytest.raises(IllegalTransition) as caught:
        next_status(payment_type, trigger, status)
    assert isinstance(caught.value, StateConflict)
    assert caught.value.code == "state-conflict" and caught.value.status == 409


def test_the_table_has_both_kinds_of_cases():
    assert len(LEGAL) == sum(len(t.sources) for t in TRANSITIONS)
    assert len(ILLEGAL) > len(LEGAL)


# ---- the staff-driven triggers refuse illegal states and change nothing -----------------

CANCELLABLE_PAYOUT = {PayoutStatus.AUTHORIZED, PayoutStatus.ACCEPTED}


def _snapshot(payment):
    payment.refresh_from_db()
    return (payment.status, payment.updated_on, payment.operations.count(), payment.events.count())


@pytest.mark.django_db
@pytest.mark.parametrize("status", sorted(set(PayoutStatus.values) - CANCELLABLE_PAYOUT))
def test_cancel_payout_is_illegal_outside_authorized_and_accepted(provider, status):
    payout = make_payment(enroll(provider.provider), type="payout", status=status)
    before = _snapshot(payout)
    with pytest.raises(IllegalTransition):
        services.cancel_payout(payout_id=payout.id, reason="test", actor=None)
    assert _snapshot(payout) == before


@pytest.mark.django_db
@pytest.mark.parametrize("status", sorted(set(PayoutStatus.values) - {PayoutStatus.ACCEPTED}))
def test_claim_is_illegal_unless_accepted(provider, status):
    payout = make_payment(enroll(provider.provider), type="payout", status=status)
    before = _snapshot(payout)
    with pytest.raises(IllegalTransition):
        services.claim_payout(payout_id=payout.id, recipient_name="Sam")
    assert _snapshot(payout) == before


OPEN_REQUEST = {RequestStatus.CREATED, RequestStatus.AUTHENTICATED}


@pytest.mark.django_db
@pytest.mark.parametrize("status", sorted(set(RequestStatus.values) - OPEN_REQUEST))
@pytest.mark.parametrize("action", ["decline", "cancel"])
def test_decline_and_cancel_are_illegal_once_paying_or_closed(provider, status, action):
    request = make_payment(enroll(provider.provider), type="request", status=status)
    before = _snapshot(request)
    call = services.decline_request if action == "decline" else services.cancel_request
    with pytest.raises(IllegalTransition):
        call(request_id=request.id)
    assert _snapshot(request) == before


@pytest.mark.django_db
@pytest.mark.parametrize("status", sorted(set(RequestStatus.values) - OPEN_REQUEST))
def test_pay_is_illegal_unless_created_or_authenticated(provider, status):
    requester = enroll(provider.provider)
    payer = enroll(provider.provider, given="Pat")
    request = make_payment(requester, type="request", status=status, counterparty=payer)
    before = _snapshot(request)
    with pytest.raises(StateConflict):
        services.pay_request(
            request_id=request.id, payer_provider_id=provider.id, payer=payer.participant_id
        )
    assert _snapshot(request) == before
