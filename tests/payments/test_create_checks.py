"""Creation refusals: suspension, participant status, send limits and input; nothing is
recorded for a refused payment. And the usage the limits are checked against."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from common.actors import Actor
from common.errors import InvalidRequest, NotFound
from limits import services as limit_services
from limits.errors import SendLimitExceeded
from participants import services as participant_services
from participants.models import Participant
from payments import selectors
from payments.errors import ParticipantNotActive, ParticipantSuspended
from payments.models import Payment, PaymentEvent, PayoutStatus, RequestStatus
from tests.payments.factories import enroll, make_payment, new_payout, new_request

pytestmark = pytest.mark.django_db


def _payout(provider, who, **overrides):
    defaults = {
        "sender": who.participant_id,
        "recipient_phone": "+14155550100",
        "amount_minor": 1000,
    }
    return new_payout(provider, who, **{**defaults, **overrides})


def _request(provider, requester, **overrides):
    defaults = {
        "requester": requester.participant_id,
        "payer_phone": "+14155550100",
        "amount_minor": 1000,
    }
    return new_request(provider, requester, **{**defaults, **overrides})


def _suspend(enrollment):
    participant_services.suspend(
        enrollment_id=enrollment.pk,
        reason_code="suspected-fraud",
        note="",
        expected_version_id=enrollment.relationship_version_id,
        actor=Actor.system(),
    )


def _nothing_recorded():
    assert not Payment.objects.exists() and not PaymentEvent.objects.exists()


def test_a_suspended_participant_cannot_send_or_request(provider):
    alice = enroll(provider.provider)
    _suspend(alice)
    with pytest.raises(ParticipantSuspended) as caught:
        _payout(provider.provider, alice)
    assert caught.value.status == 409 and caught.value.code == "state-conflict"
    with pytest.raises(ParticipantSuspended):
        _request(provider.provider, alice)
    _nothing_recorded()


def test_suspension_is_per_provider(provider, other_provider):
    """The same person suspended at one provider still requests at another."""
    here = enroll(provider.provider)
    _suspend(here)
    there = enroll(other_provider.provider)
    assert _request(other_provider.provider, there).status == RequestStatus.CREATED


@pytest.mark.parametrize("status", ["pending", "denied", "disabled"])
def test_only_active_participants_initiate(provider, status):
    alice = enroll(provider.provider)
    Participant.objects.filter(pk=alice.participant_id).update(status=status)
    with pytest.raises(ParticipantNotActive):
        _payout(provider.provider, alice)
    with pytest.raises(ParticipantNotActive):
        _request(provider.provider, alice)
    _nothing_recorded()


def test_send_limit_exceeded_records_nothing(provider):
    alice = enroll(provider.provider)
    limit_services.set_limit_override(
        enrollment=alice, values={"perTransactionAmount": 999}, actor=Actor.system()
    )
    with pytest.raises(SendLimitExceeded) as caught:
        _payout(provider.provider, alice, amount_minor=1000)
    assert caught.value.dimension == "perTransactionAmount" and caught.value.ceiling == 999
    assert caught.value.status == 422 and caught.value.code == "send-limit-exceeded"
    _nothing_recorded()


def test_daily_amount_counts_what_was_already_sent(provider):
    alice = enroll(provider.provider)
    limit_services.set_limit_override(
        enrollment=alice, values={"dailyAmount": 3000}, actor=Actor.system()
    )
    make_payment(alice, status=PayoutStatus.COMPLETED, amount_minor=2500)
    with pytest.raises(SendLimitExceeded) as caught:
        _payout(provider.provider, alice, amount_minor=600)
    assert caught.value.dimension == "dailyAmount"


@pytest.mark.parametrize(
    ("overrides", "error"),
    [
        ({"recipient_phone": "4155550100"}, InvalidRequest),
        ({"recipient_phone": "+1 415 555 0100"}, InvalidRequest),
        ({"recipient_phone": "+999123"}, InvalidRequest),
        ({"amount_minor": 0}, InvalidRequest),
        ({"amount_minor": -5}, InvalidRequest),
        ({"currency": "EUR"}, InvalidRequest),
        ({"currency": "usd"}, InvalidRequest),
        ({"memo": "x" * 256}, InvalidRequest),
        ({"funding_source_id": "fs_missing"}, NotFound),
        ({"sender": "nobody"}, NotFound),
    ],
)
def test_bad_payout_input_is_refused(provider, overrides, error):
    alice = enroll(provider.provider)
    with pytest.raises(error):
        _payout(provider.provider, alice, **overrides)
    _nothing_recorded()


def test_a_disabled_funding_source_cannot_fund_a_payout(provider):
    alice = enroll(provider.provider, sources=("card", "bank"))
    source = alice.funding_sources.order_by("created_on").first()
    participant_services.disable_funding_source(enrollment=alice, funding_source_id=source.pk)
    with pytest.raises(NotFound):
        _payout(provider.provider, alice, funding_source_id=source.pk)
    _nothing_recorded()


def test_a_requester_needs_a_funding_source_to_be_paid_into(provider):
    alice = enroll(provider.provider, sources=())
    with pytest.raises(InvalidRequest):
        _request(provider.provider, alice)
    _nothing_recorded()


def test_payout_needs_a_funding_source(provider):
    alice = enroll(provider.provider, sources=())
    with pytest.raises(InvalidRequest):
        _payout(provider.provider, alice)
    _nothing_recorded()


# ---- usage ------------------------------------------------------------------------------


def test_usage_counts_payouts_that_hold_or_moved_money_in_each_window(provider, other_provider):
    alice = enroll(provider.provider)
    at = datetime(2026, 7, 15, 12, 0, tzinfo=UTC)  # a Wednesday
    counted = ["initiated", "authorized", "accepted", "claiming", "completed"]
    for n, status in enumerate(counted):
        make_payment(alice, status=status, amount_minor=100 * (n + 1), created_on=at)
    for status in ("failed", "payout_failed", "cancelled", "expired", "denied"):
        make_payment(alice, status=status, amount_minor=10_000, created_on=at)
    make_payment(alice, type="request", status="completed", amount_minor=10_000, created_on=at)
    make_payment(alice, status="completed", amount_minor=7, created_on=at - timedelta(days=1))
    make_payment(alice, status="completed", amount_minor=11, created_on=at - timedelta(days=2))
    make_payment(alice, status="completed", amount_minor=13, created_on=at - timedelta(days=20))
    make_payment(alice, status="completed", amount_minor=17, created_on=at - timedelta(days=40))
    make_payment(alice, status="completed", amount_minor=19, created_on=at + timedelta(hours=1))
    # Another provider's record of someone else does not count.
    make_payment(enroll(other_provider.provider), status="completed", created_on=at)

    usage = selectors.send_usage(alice, at)
    today = 100 + 200 + 300 + 400 + 500
    assert usage.daily_amount_minor == today
    assert usage.daily_count == 5
    assert usage.weekly_amount_minor == today + 7 + 11  # Monday 13th onwards
    assert usage.monthly_amount_minor == today + 7 + 11  # the 25th of June is last month


def test_usage_week_can_start_in_the_previous_month(provider):
    alice = enroll(provider.provider)
    at = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)  # Wednesday; the week began on 29 June
    make_payment(alice, status="completed", amount_minor=50, created_on=at - timedelta(days=2))
    usage = selectors.send_usage(alice, at)
    assert usage.weekly_amount_minor == 50 and usage.monthly_amount_minor == 0


def test_limits_use_the_current_time_window(provider):
    alice = enroll(provider.provider)
    limit_services.set_limit_override(
        enrollment=alice, values={"dailySendCount": 1}, actor=Actor.system()
    )
    with time_machine.travel(datetime(2026, 7, 15, 23, 0, tzinfo=UTC), tick=False):
        make_payment(alice, status="completed")
        with pytest.raises(SendLimitExceeded) as caught:
            _payout(provider.provider, alice)
        assert caught.value.dimension == "dailySendCount"
