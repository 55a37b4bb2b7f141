"""Every condition fires at its boundary and not just short of it; parameters come from the
rule row."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from common.devices import Device
from participants.models import Phone
from risk import conditions
from risk.models import DeviceObservation, RiskRule
from tests.payments.factories import enroll, make_payment
from tests.risk.factories import assessment
from tests.risk.rules import listed, rule, signal_rule, subject

pytestmark = pytest.mark.django_db


def fires(rule_, subject_) -> bool:
    return conditions.evaluate(rule_, subject_).fired


# ---- amount_at_least --------------------------------------------------------------------


@pytest.mark.parametrize(("amount_minor", "fired"), [(75000, True), (74999, False), (75001, True)])
def test_amount_at_least_fires_from_the_threshold(provider, amount_minor, fired):
    alice = enroll(provider.provider)
    payout = make_payment(alice, amount_minor=amount_minor)
    result = conditions.evaluate(
        rule("amount_at_least", threshold="750.00"), subject(alice, payment=payout)
    )
    assert result.fired is fired
    relation = "at least" if fired else "below"
    assert result.detail == f"Amount {amount_minor / 100:.2f} USD is {relation} 750.00"


# ---- payments_in_window -----------------------------------------------------------------


def test_payments_in_window_counts_the_initiator_payments_in_the_window(provider, other_provider):
    alice = enroll(provider.provider)
    at = timezone.now()
    three_in_an_hour = rule("payments_in_window", threshold=3, window=60)
    make_payment(alice, created_on=at - timedelta(minutes=60))  # the window's first instant
    make_payment(alice, created_on=at - timedelta(minutes=60, seconds=1))  # just before it
    make_payment(enroll(provider.provider), created_on=at)  # someone else
    current = make_payment(alice, type="request", created_on=at)  # requests count too
    assert not fires(three_in_an_hour, subject(alice, payment=current, at=at))
    make_payment(alice, status="denied", created_on=at - timedelta(minutes=5))  # attempts count
    result = conditions.evaluate(three_in_an_hour, subject(alice, payment=current, at=at))
    assert result.fired and result.detail == "3 payments in 60 minutes (rule: at least 3)"


def test_payments_in_window_counts_only_the_providers_own_record(provider, other_provider):
    alice = enroll(provider.provider)
    current = make_payment(alice)
    other = make_payment(enroll(other_provider.provider))
    assert fires(rule("payments_in_window", threshold=1, window=5), subject(alice, payment=current))
    two = rule("payments_in_window", threshold=2, window=5)
    assert not fires(two, subject(alice, payment=current))
    assert other.initiator_participant_id != alice.participant_id


# ---- account_younger_than ---------------------------------------------------------------


def test_account_younger_than_is_strict_at_the_threshold(provider):
    alice = enroll(provider.provider)
    day = rule("account_younger_than", threshold=24, events=("payment", "sign_in"))
    enrolled = alice.created_on
    exactly = subject(alice, event="sign_in", at=enrolled + timedelta(hours=24))
    just_under = subject(alice, event="sign_in", at=enrolled + timedelta(hours=24, seconds=-1))
    assert not fires(day, exactly)
    result = conditions.evaluate(day, just_under)
    assert result.fired and result.detail == "Enrolled 24.0 hours ago (rule: less than 24 hours)"
    half = rule("account_younger_than", threshold="0.5", events=("sign_in",))
    assert fires(half, subject(alice, event="sign_in", at=enrolled + timedelta(minutes=29)))
    assert not fires(half, subject(alice, event="sign_in", at=enrolled + timedelta(minutes=30)))


# ---- new_counterparty_phone -------------------------------------------------------------


def test_new_counterparty_phone_fires_on_the_first_payment_to_a_phone(provider):
    alice, bob = enroll(provider.provider), enroll(provider.provider)
    new_phone = rule("new_counterparty_phone")
    make_payment(bob, phone="+14155550111")  # someone else paid it: still new for alice
    first = make_payment(alice, phone="+14155550111")
    result = conditions.evaluate(new_phone, subject(alice, payment=first))
    assert result.fired and result.detail == "First payment to +14155550111"
    second = make_payment(alice, type="request", phone="+14155550111")
    assert not fires(new_phone, subject(alice, payment=second))
    other = make_payment(alice, phone="+14155550112")
    assert fires(new_phone, subject(alice, payment=other))


# ---- signal_at_least --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("listed_level", "rule_level", "fired"),
    [
        ("high", "high", True),
        ("very_high", "high", True),
        ("medium", "high", False),
        (None, "low", True),  # unlisted is low
        (None, "medium", False),
    ],
)
def test_signal_at_least_compares_levels(provider, listed_level, rule_level, fired):
    if listed_level:
        listed("country", "US", listed_level)
    alice = enroll(provider.provider)
    high = signal_rule("addressRiskLevel", rule_level, events=("signup",))
    result = conditions.evaluate(high, subject(alice, event="signup"))
    assert result.fired is fired
    assert result.detail == (
        f"addressRiskLevel is {listed_level or 'low'} (rule: at least {rule_level})"
    )


def test_an_unknown_signal_never_fires(provider):
    alice = enroll(provider.provider)  # no email: emailLevel unknown
    assert not fires(
        signal_rule("emailLevel", "low", events=("signup",)), subject(alice, event="signup")
    )


# ---- phone_country_mismatch -------------------------------------------------------------


def test_phone_country_mismatch_compares_calling_codes(provider):
    mismatch = rule("phone_country_mismatch", events=("signup",))
    alice = enroll(provider.provider)  # US address, +1 phone
    assert not fires(mismatch, subject(alice, event="signup"))
    alice.country = "CA"  # shares +1 with the US
    assert not fires(mismatch, subject(alice, event="signup"))
    alice.country = "GB"
    result = conditions.evaluate(mismatch, subject(alice, event="signup"))
    assert result.fired
    assert result.detail.startswith("No phone in the address country GB (+44); phones: +1")
    Phone.objects.create(
        enrollment=alice, country_code="44", number="7911123456", e164="+447911123456"
    )
    assert not fires(mismatch, subject(alice, event="signup"))


def test_phone_country_mismatch_ignores_disabled_phones(provider):
    alice = enroll(provider.provider)
    alice.country = "GB"
    Phone.objects.create(
        enrollment=alice,
        country_code="44",
        number="7911123456",
        e164="+447911123456",
        disabled_on=timezone.now(),
    )
    assert fires(rule("phone_country_mismatch", events=("signup",)), subject(alice, event="signup"))


# ---- new_device -------------------------------------------------------------------------


def test_new_device_fires_for_a_device_not_seen_for_the_participant(provider):
    alice, bob = enroll(provider.provider), enroll(provider.provider)
    new = rule("new_device", events=("sign_in",))
    pixel = Device(device_type="mobile", model="Pixel 8", os="Android", os_version="15")
    result = conditions.evaluate(new, subject(alice, event="sign_in", device=pixel))
    assert result.fired and result.detail == "New device: mobile Pixel 8 Android"
    seen = assessment(provider_id=provider.id, participant_id=bob.participant_id, event="sign_in")
    DeviceObservation.objects.create(
        assessment=seen, device_type="mobile", model="Pixel 8", os="Android"
    )
    assert fires(new, subject(alice, event="sign_in", device=pixel))  # bob's, not alice's
    mine = assessment(provider_id=provider.id, participant_id=alice.participant_id, event="sign_in")
    DeviceObservation.objects.create(
        assessment=mine, device_type="mobile", model="pixel 8", os="ANDROID"
    )
    known = conditions.evaluate(new, subject(alice, event="sign_in", device=pixel))
    assert not known.fired and known.detail == "Known device: mobile Pixel 8 Android"
    other_os = Device(device_type="mobile", model="Pixel 8", os="GrapheneOS")
    assert fires(new, subject(alice, event="sign_in", device=other_os))


def test_new_device_with_an_identifier_is_new_until_that_identifier_was_seen(provider):
    alice, bob = enroll(provider.provider), enroll(provider.provider)
    new = rule("new_device", events=("sign_in",))
    phone = Device(device_type="mobile", model="iPhone 15", os="iOS", device_id="inst-alice")
    result = conditions.evaluate(new, subject(alice, event="sign_in", device=phone))
    assert result.fired and result.detail == "New device: inst-alice (mobile iPhone 15 iOS)"
    # The same model and OS with another identifier, hers: still a new device.
    mine = assessment(provider_id=provider.id, participant_id=alice.participant_id, event="sign_in")
    DeviceObservation.objects.create(
        assessment=mine, device_type="mobile", model="iPhone 15", os="iOS", device_id="inst-old"
    )
    assert fires(new, subject(alice, event="sign_in", device=phone))
    # Bob's observation of her identifier is his, not hers.
    his = assessment(provider_id=provider.id, participant_id=bob.participant_id, event="sign_in")
    DeviceObservation.objects.create(assessment=his, device_id="inst-alice")
    assert fires(new, subject(alice, event="sign_in", device=phone))
    # Once her assessments saw the identifier, it is known, whatever it now says it is.
    DeviceObservation.objects.create(assessment=mine, device_id="inst-alice")
    upgraded = Device(device_type="mobile", model="iPhone 16", os="iOS", device_id="inst-alice")
    known = conditions.evaluate(new, subject(alice, event="sign_in", device=upgraded))
    assert not known.fired and known.detail == "Known device: inst-alice (mobile iPhone 16 iOS)"
    assert not fires(new, subject(alice, event="sign_in", device=Device(device_id="inst-alice")))


def test_new_device_without_an_identifier_compares_what_it_says_it_is(provider):
    alice = enroll(provider.provider)
    new = rule("new_device", events=("sign_in",))
    mine = assessment(provider_id=provider.id, participant_id=alice.participant_id, event="sign_in")
    DeviceObservation.objects.create(
        assessment=mine, device_type="mobile", model="Pixel 8", os="Android", device_id="inst-1"
    )
    pixel = Device(device_type="mobile", model="Pixel 8", os="Android")
    assert not fires(new, subject(alice, event="sign_in", device=pixel))
    assert fires(new, subject(alice, event="sign_in", device=Device(model="Pixel 9")))


def test_new_device_needs_a_device_that_says_what_it_is(provider):
    alice = enroll(provider.provider)
    new = rule("new_device", events=("sign_in",))
    assert not fires(new, subject(alice, event="sign_in"))
    assert not fires(new, subject(alice, event="sign_in", device=Device(city="Lagos")))
    address_only = Device(ip_address="203.0.113.7")
    assert not fires(new, subject(alice, event="sign_in", device=address_only))


# ---- sign_ins_in_window -----------------------------------------------------------------


def test_sign_ins_in_window_counts_this_one_and_earlier_ones(provider, other_provider):
    alice = enroll(provider.provider)
    at = timezone.now()
    burst = rule("sign_ins_in_window", threshold=3, window=10, events=("sign_in", "payment"))

    def sign_in(minutes_ago, provider_id=provider.id):
        assessment(
            provider_id=provider_id,
            participant_id=alice.participant_id,
            event="sign_in",
            assessed_on=at - timedelta(minutes=minutes_ago),
        )

    sign_in(11)  # outside the window
    sign_in(10)  # its first instant
    assert not fires(burst, subject(alice, event="sign_in", at=at))
    sign_in(1, provider_id=other_provider.id)  # a sign-in is the participant's, anywhere
    result = conditions.evaluate(burst, subject(alice, event="sign_in", at=at))
    assert result.fired and result.detail == "3 sign-ins in 10 minutes (rule: at least 3)"
    payout = make_payment(alice)
    assert not fires(burst, subject(alice, payment=payout, at=at))  # a payment is no sign-in


# ---- parameters and events --------------------------------------------------------------


def test_a_rule_missing_a_parameter_or_at_an_event_it_cannot_judge_does_not_fire(provider):
    alice = enroll(provider.provider)
    payout = make_payment(alice, amount_minor=10**8)
    no_threshold = rule("amount_at_least")
    result = conditions.evaluate(no_threshold, subject(alice, payment=payout))
    assert not result.fired and result.detail == "Not evaluated: threshold not set"
    no_window = rule("payments_in_window", threshold=1)
    assert not fires(no_window, subject(alice, payment=payout))
    no_level = rule("signal_at_least", signal="addressRiskLevel")
    assert not fires(no_level, subject(alice, payment=payout))
    at_signup = rule("amount_at_least", threshold=1, events=("signup",))
    assert not fires(at_signup, subject(alice, event="signup"))


def test_every_condition_has_an_evaluator_parameters_and_events():
    for condition in RiskRule.Condition.values:
        assert condition in conditions.EVALUATORS
        assert condition in conditions.PARAMETERS
        assert conditions.EVENTS[condition]


def test_time_is_the_subjects_not_the_clock(provider):
    alice = enroll(provider.provider)
    with time_machine.travel(alice.created_on + timedelta(days=30)):
        late = subject(alice, event="sign_in")
    young = rule("account_younger_than", threshold=48, events=("sign_in",))
    assert not fires(young, late)
    assert fires(young, subject(alice, event="sign_in"))
