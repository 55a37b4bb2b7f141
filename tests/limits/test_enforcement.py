"""limits.enforcement: UTC usage windows and check_send_limits."""

from datetime import UTC, datetime, timedelta, timezone

import pytest
import time_machine

from common.errors import DomainError, InvalidRequest, NotFound
from limits import services
from limits.enforcement import SendUsage, check_send_limits, usage_windows
from limits.errors import SendLimitExceeded
from tests.limits.helpers import STAFF, enrollment, group, platform

MICRO = timedelta(microseconds=1)


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


# ---- windows -------------------------------------------------------------

# (at, day_start, week_start, month_start); 2026-11-30 is a Monday.
WINDOWS = [
    (utc(2026, 11, 25, 13, 5), utc(2026, 11, 25), utc(2026, 11, 23), utc(2026, 11, 1)),
    (utc(2026, 11, 25), utc(2026, 11, 25), utc(2026, 11, 23), utc(2026, 11, 1)),
    # last microsecond of a day / of the next one
    (utc(2026, 11, 25) - MICRO, utc(2026, 11, 24), utc(2026, 11, 23), utc(2026, 11, 1)),
    # last microsecond of a week (Sunday) vs first of the next (Monday)
    (utc(2026, 11, 30) - MICRO, utc(2026, 11, 29), utc(2026, 11, 23), utc(2026, 11, 1)),
    (utc(2026, 11, 30), utc(2026, 11, 30), utc(2026, 11, 30), utc(2026, 11, 1)),
    # last microsecond of a month vs first of the next (2026-12-01 is a Tuesday)
    (utc(2026, 12, 1) - MICRO, utc(2026, 11, 30), utc(2026, 11, 30), utc(2026, 11, 1)),
    (utc(2026, 12, 1), utc(2026, 12, 1), utc(2026, 11, 30), utc(2026, 12, 1)),
    # a year boundary inside an ISO week: the week starts in the old year
    (utc(2027, 1, 1) - MICRO, utc(2026, 12, 31), utc(2026, 12, 28), utc(2026, 12, 1)),
    (utc(2027, 1, 1), utc(2027, 1, 1), utc(2026, 12, 28), utc(2027, 1, 1)),
    # leap day
    (utc(2028, 2, 29, 23, 59, 59, 999999), utc(2028, 2, 29), utc(2028, 2, 28), utc(2028, 2, 1)),
    (utc(2028, 3, 1), utc(2028, 3, 1), utc(2028, 2, 28), utc(2028, 3, 1)),
]


@pytest.mark.parametrize(("at", "day", "week", "month"), WINDOWS)
def test_windows_are_utc_calendar_periods_with_inclusive_starts(at, day, week, month):
    windows = usage_windows(at)
    assert (windows.day_start, windows.week_start, windows.month_start) == (day, week, month)
    assert windows.day_start <= at and windows.week_start <= at and windows.month_start <= at


def test_windows_of_a_local_time_are_taken_in_utc():
    # 01:30 on 1 December in UTC+02:00 is still 30 November in UTC.
    at = datetime(2026, 12, 1, 1, 30, tzinfo=timezone(timedelta(hours=2)))
    windows = usage_windows(at)
    assert windows.day_start == utc(2026, 11, 30)
    assert windows.month_start == utc(2026, 11, 1)
    assert windows.day_start.tzinfo == UTC


def test_naive_datetimes_are_refused():
    with pytest.raises(ValueError):
        usage_windows(datetime(2026, 11, 25, 12, 0))


# ---- check_send_limits ---------------------------------------------------

NOTHING = SendUsage(0, 0, 0, 0)


@pytest.fixture
def member(provider):
    platform(
        defaults={
            "perTransactionAmount": 10000,
            "dailyAmount": 20000,
            "weeklyAmount": 50000,
            "monthlyAmount": 90000,
            "dailySendCount": 3,
        }
    )
    return enrollment(provider, "cust-1")


def check(member, amount, usage=NOTHING, **kwargs):
    check_send_limits(
        participant_id=member.participant_id,
        provider_id=member.provider_id,
        amount_minor=amount,
        currency=kwargs.pop("currency", "USD"),
        usage=usage,
        **kwargs,
    )


# (amount, usage, exceeded dimension or None); ceilings 100.00 / 200.00 / 500.00 / 900.00 / 3
CHECKS = [
    (10000, NOTHING, None),
    (10001, NOTHING, "perTransactionAmount"),
    (10000, SendUsage(10000, 10000, 10000, 1), None),  # daily exactly at the ceiling
    (10000, SendUsage(10001, 10001, 10001, 1), "dailyAmount"),
    (10000, SendUsage(0, 40000, 40000, 0), None),
    (10000, SendUsage(0, 40001, 40001, 0), "weeklyAmount"),
    (10000, SendUsage(0, 0, 80000, 0), None),
    (10000, SendUsage(0, 0, 80001, 0), "monthlyAmount"),
    (1, SendUsage(0, 0, 0, 2), None),  # the third payout of the day
    (1, SendUsage(0, 0, 0, 3), "dailySendCount"),
    # several exceeded: the first in contract order is reported
    (10001, SendUsage(99999, 99999, 99999, 9), "perTransactionAmount"),
    (100, SendUsage(99999, 99999, 99999, 9), "dailyAmount"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("amount", "usage", "exceeded"), CHECKS)
def test_a_payout_exceeds_when_usage_plus_amount_passes_the_ceiling(
    member, amount, usage, exceeded
):
    if exceeded is None:
        check(member, amount, usage)
        return
    with pytest.raises(SendLimitExceeded) as caught:
        check(member, amount, usage)
    assert caught.value.dimension == exceeded
    assert caught.value.source == "platform"


@pytest.mark.django_db
def test_the_error_names_dimension_ceiling_and_source(provider, member):
    group(provider, "VIP", [member], dailyAmount=10**9)
    with pytest.raises(SendLimitExceeded) as caught:
        check(member, 5000, SendUsage(2_499_000, 2_499_000, 2_499_000, 0))
    error = caught.value
    assert isinstance(error, DomainError)
    assert (error.code, error.status) == ("send-limit-exceeded", 422)
    assert error.dimension == "dailyAmount"
    assert error.ceiling == 2_500_000  # the platform maximum
    assert error.source == "group:VIP+platform-clamp"
    assert "dailyAmount" in error.detail
    assert "25000.00 USD" in error.detail
    assert "group:VIP+platform-clamp" in error.detail


@pytest.mark.django_db
def test_the_count_error_carries_the_count(member):
    services.set_limit_override(enrollment=member, values={"dailySendCount": 0}, actor=STAFF)
    with pytest.raises(SendLimitExceeded) as caught:
        check(member, 1)
    assert (caught.value.dimension, caught.value.ceiling) == ("dailySendCount", 0)
    assert caught.value.source == "override"


@pytest.mark.django_db
def test_an_override_applies_until_its_expiry_at_the_moment_checked(member):
    start = utc(2026, 12, 1, 9)
    with time_machine.travel(start, tick=False):
        services.set_limit_override(
            enrollment=member,
            values={"perTransactionAmount": 15000},
            expires_on=start + timedelta(hours=1),
            actor=STAFF,
        )
        check(member, 15000)
        check(member, 15000, at=start + timedelta(hours=1) - MICRO)
        with pytest.raises(SendLimitExceeded) as caught:
            check(member, 15000, at=start + timedelta(hours=1))
        assert caught.value.source == "platform"


@pytest.mark.django_db
def test_another_currency_is_refused(member):
    with pytest.raises(InvalidRequest):
        check(member, 100, currency="EUR")


@pytest.mark.django_db
@pytest.mark.parametrize("amount", [0, -1])
def test_a_non_positive_amount_is_refused(member, amount):
    with pytest.raises(InvalidRequest):
        check(member, amount)


@pytest.mark.django_db
def test_a_participant_of_another_provider_is_not_found(member, other_provider):
    with pytest.raises(NotFound):
        check_send_limits(
            participant_id=member.participant_id,
            provider_id=other_provider.id,
            amount_minor=1,
            currency="USD",
            usage=NOTHING,
        )
