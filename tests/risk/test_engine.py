"""Score, decision, level, reasons and the fired-rules snapshot from the enabled rules."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from risk import engine
from risk.models import RiskPolicy
from risk.policy import POLICY_ID
from risk.selectors import get_policy
from tests.payments.factories import enroll, make_payment
from tests.risk.rules import allowlist, rule, subject

pytestmark = pytest.mark.django_db


def always(points=0, outcome="none", **kwargs):
    """A rule that fires on every payment (its amount is at least 0.01)."""
    return rule("amount_at_least", threshold="0.01", points=points, outcome=outcome, **kwargs)


def never(points=50, **kwargs):
    return rule("amount_at_least", threshold="999999", points=points, **kwargs)


@pytest.fixture
def alice(provider):
    return enroll(provider.provider)


def evaluate(enrollment, amount_minor=1000):
    return engine.evaluate(
        subject(enrollment, payment=make_payment(enrollment, amount_minor=amount_minor))
    )


def set_policy(**values):
    policy = get_policy()
    for name, value in values.items():
        setattr(policy, name, value)
    policy.save()


def test_no_rule_fired_is_a_real_zero_allow_low(alice):
    never()
    result = evaluate(alice)
    assert (result.score, result.decision, result.level) == (0.0, "allow", "low")
    assert result.reasons == [] and result.rules == []


def test_the_score_sums_the_counted_points_and_is_capped_at_100(alice):
    always(points=30)
    always(points=25)
    never(points=40)
    assert evaluate(alice).score == 55.0
    always(points=60)
    assert evaluate(alice).score == 100.0


def test_shadow_rules_are_recorded_but_change_nothing(alice):
    counted = always(points=10, name="Counted")
    shadow = always(points=80, outcome="deny", live=False, name="Shadow")
    result = evaluate(alice)
    assert (result.score, result.decision) == (10.0, "allow")
    assert [r["ruleID"] for r in result.rules] == [counted.rule_id, shadow.rule_id]
    assert result.rules[1] == {
        "ruleID": shadow.rule_id,
        "name": "Shadow",
        "isLive": False,
        "isAllowlisted": False,
        "points": 80,
        "outcome": "deny",
        "detail": "Amount 10.00 USD is at least 0.01",
        "counted": False,
        "condition": "amount_at_least",
        "windowMinutes": None,
        "observed": "amount 10.00 USD",
        "limit": "≥ 0.01 USD",
    }
    assert result.reasons == ["Amount 10.00 USD is at least 0.01"]  # the counted one only


def test_an_allowlisted_rule_is_recorded_but_does_not_count(alice, provider):
    one = always(points=30, outcome="review")
    other = always(points=20)
    allowlist(alice, one)
    result = evaluate(alice)
    assert (result.score, result.decision) == (20.0, "allow")
    flags = {r["ruleID"]: (r["isLive"], r["isAllowlisted"]) for r in result.rules}
    assert flags == {one.rule_id: (True, True), other.rule_id: (True, False)}
    bob = enroll(provider.provider)  # the allowlist is per participant
    assert evaluate(bob).decision == "review"


def test_an_allowlist_entry_without_a_rule_covers_every_rule_until_it_expires(alice):
    always(points=95)
    entry = allowlist(alice)
    result = evaluate(alice)
    assert (result.score, result.decision) == (0.0, "allow")
    assert [r["isAllowlisted"] for r in result.rules] == [True]
    entry.expires_on = timezone.now() - timedelta(seconds=1)
    entry.save()
    assert evaluate(alice).decision == "deny"


def test_disabled_rules_and_rules_of_other_events_are_not_evaluated(alice):
    always(points=40, enabled=False)
    always(points=40, events=("signup", "sign_in"))
    assert evaluate(alice).rules == []


@pytest.mark.parametrize(
    ("points", "level"),
    [(0, "low"), (24, "low"), (25, "medium"), (49, "medium"), (50, "high"), (74, "high"),
     (75, "very_high"), (100, "very_high")],
)  # fmt: skip
def test_level_bands_start_at_their_thresholds(alice, points, level):
    always(points=points)
    assert evaluate(alice).level == level


def test_level_bands_come_from_the_policy(alice):
    set_policy(medium_at_score=5, high_at_score=10, very_high_at_score=20)
    always(points=10)
    assert evaluate(alice).level == "high"


@pytest.mark.parametrize(
    ("points", "decision"),
    [(49, "allow"), (50, "review"), (89, "review"), (90, "deny"), (100, "deny")],
)
def test_decision_thresholds(alice, points, decision):
    always(points=points)
    assert evaluate(alice).decision == decision


def test_decision_thresholds_come_from_the_policy(alice):
    set_policy(review_at_score=10, deny_at_score=20)
    always(points=10)
    assert evaluate(alice).decision == "review"
    always(points=10)
    assert evaluate(alice).decision == "deny"


def test_a_forced_outcome_only_makes_the_decision_stronger(alice):
    always(points=0, outcome="review")
    result = evaluate(alice)
    assert (result.score, result.decision, result.level) == (0.0, "review", "low")
    always(points=95)  # the score denies: a forced review does not soften it
    assert evaluate(alice).decision == "deny"


def test_a_forced_deny_wins_over_a_low_score(alice):
    always(points=5, outcome="deny")
    always(points=0, outcome="review")
    assert evaluate(alice).decision == "deny"


def test_payments_carry_transaction_evidence(alice):
    always(points=60)
    set_policy(aml_medium_amount=100, aml_high_amount=500)
    assert (evaluate(alice, 9999).transaction_level, evaluate(alice, 9999).aml_level) == (
        "high",
        "low",
    )
    assert evaluate(alice, 10000).aml_level == "medium"
    assert evaluate(alice, 50000).aml_level == "high"
    signup = engine.evaluate(subject(alice, event="signup"))
    assert (signup.transaction_level, signup.aml_level) == ("", "")


def test_reading_the_policy_never_writes(django_assert_num_queries):
    with django_assert_num_queries(1) as captured:
        policy = get_policy()
    assert captured.captured_queries[0]["sql"].lstrip().upper().startswith("SELECT")
    assert policy.pk == POLICY_ID
    RiskPolicy.objects.all().delete()
    with pytest.raises(RiskPolicy.DoesNotExist):
        get_policy()
    assert not RiskPolicy.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_flush_puts_the_migration_made_policy_row_back():
    """A flush empties the tables (the policy row too) and re-sends post_migrate."""
    RiskPolicy.objects.update(deny_at_score=95)
    call_command("flush", verbosity=0, interactive=False)
    policy = get_policy()
    assert (policy.review_at_score, policy.deny_at_score) == (50, 90)
