"""The starter rules (risk/starter.py, installed by migration reviews.0004): a new customer's
everyday activity is allowed; the risky cases in docs/decisions/risk-starter-rules.md are
reviewed or denied."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from common.devices import Device
from risk import engine, starter
from risk.models import RiskListEntry, RiskRule
from tests.payments.factories import enroll, make_payment
from tests.risk.factories import assessment
from tests.risk.rules import listed, subject

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def default_rules(no_rules):
    starter.install(RiskRule, RiskListEntry)


def pay(enrollment, amount_minor, phone="+14155550123"):
    payment = make_payment(enrollment, amount_minor=amount_minor, phone=phone)
    return engine.evaluate(subject(enrollment, payment=payment))


def names(result) -> list[str]:
    return [fired["name"] for fired in result.rules]


def test_the_defaults_load_once():
    assert RiskRule.objects.count() == len(starter.RULES) == 14
    starter.install(RiskRule, RiskListEntry)
    assert RiskRule.objects.count() == 14
    assert RiskListEntry.objects.count() == len(starter.LIST_ENTRIES)


def test_a_new_customer_sending_a_small_amount_is_allowed(provider):
    alice = enroll(provider.provider)
    first = pay(alice, 2500)
    assert (first.decision, first.score, first.level) == ("allow", 30.0, "medium")
    assert names(first) == ["New account", "New counterparty phone"]
    again = pay(alice, 2500)
    assert (again.decision, again.score) == ("allow", 20.0)


def test_a_new_account_sending_a_mid_size_amount_to_a_new_phone_is_reviewed(provider):
    alice = enroll(provider.provider)
    assert pay(alice, 24999).decision == "allow"
    result = pay(alice, 25000, phone="+14155550124")
    assert (result.decision, result.score) == ("review", 50.0)
    with time_machine.travel(timezone.now() + timedelta(days=4)):
        established = pay(alice, 25000)  # known phone, account older than 72 hours
    assert (established.decision, established.score) == ("allow", 20.0)


def test_a_large_payment_is_always_reviewed(provider):
    alice = enroll(provider.provider)
    with time_machine.travel(timezone.now() + timedelta(days=30)):
        pay(alice, 100)
        result = pay(alice, 75000)
    assert result.decision == "review" and names(result) == ["Large payment", "Mid-size payment"]
    # The higher tier adds more than the lower one; together 50.
    points = {fired["name"]: fired["points"] for fired in result.rules}
    assert points["Large payment"] > points["Mid-size payment"] and result.score == 50.0


def test_the_tenth_payment_within_an_hour_is_reviewed(provider):
    alice = enroll(provider.provider)
    for _ in range(9):
        make_payment(alice, amount_minor=100)
    result = pay(alice, 100)
    assert result.decision == "review" and "Payment velocity" in names(result)


def test_signups(provider):
    listed("sanctioned_name", "Ivan Petrov", "very_high")
    assert engine.evaluate(subject(enroll(provider.provider), event="signup")).score == 0
    ivan = enroll(provider.provider, given="Ivan", family="Petrov")
    assert engine.evaluate(subject(ivan, event="signup")).decision == "deny"
    abroad = enroll(provider.provider)
    abroad.country = "KP"
    result = engine.evaluate(subject(abroad, event="signup"))
    assert result.decision == "review"
    assert names(result) == ["High-risk address country", "Phone and address countries differ"]


def test_sign_ins(provider):
    alice = enroll(provider.provider)
    pixel = Device(device_type="mobile", model="Pixel 8", os="Android")
    first = engine.evaluate(subject(alice, event="sign_in", device=pixel))
    assert (first.decision, first.score, names(first)) == (
        "allow",
        30.0,
        ["New device at sign-in"],
    )
    for minutes in range(4):
        assessment(
            provider_id=provider.id,
            participant_id=alice.participant_id,
            event="sign_in",
            assessed_on=timezone.now() - timedelta(minutes=minutes),
        )
    burst = engine.evaluate(subject(alice, event="sign_in"))
    assert burst.decision == "review" and names(burst) == ["Sign-in burst"]
