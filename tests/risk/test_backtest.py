"""The backtest ("Test this change"): a threshold change replayed over a fixed set of stored
assessments reports exactly the level changes and holds computed by hand, and writes
nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from payments.models import Payment
from risk.backtest import backtest
from risk.models import RiskAssessment, RiskChange, RiskPolicy, RiskRule
from risk.selectors import get_policy
from tests.payments.factories import enroll, make_payment
from tests.reviews.admin_support import logged_in
from tests.risk.factories import assessment
from tests.risk.rules import rule

pytestmark = pytest.mark.django_db


def fired(rule_id: int, points: int, **extra) -> dict:
    return {"ruleID": rule_id, "name": f"rule {rule_id}", "isLive": True,
            "isAllowlisted": False, "points": points, "outcome": "none", "counted": True,
            **extra}  # fmt: skip


@pytest.fixture
def stored(provider):
    """Five payout assessments of the last days and one older than the window:

    | # | amount | recorded rules                  | score | level  |
    |---|--------|---------------------------------|-------|--------|
    | 1 | 300    | mid-size (20), new phone (10)   | 30    | medium |
    | 2 | 150    | new phone (10)                  | 10    | low    |
    | 3 | 120    | new phone (10), other (20)      | 30    | medium |
    | 4 | 50     | —                               | 0     | low    |
    | 5 | 150    | other (30)                      | 30    | medium |
    | 6 | 150    | new phone (10), 40 days ago     | 10    | low    |
    """
    mid = rule("amount_at_least", threshold=250, points=20, name="Mid-size")
    sender = enroll(provider.provider)
    now = timezone.now()
    rows = [
        (30000, [fired(mid.rule_id, 20), fired(9001, 10)], 30.0, "medium", 1),
        (15000, [fired(9001, 10)], 10.0, "low", 1),
        (12000, [fired(9001, 10), fired(9002, 20)], 30.0, "medium", 2),
        (5000, [], 0.0, "low", 3),
        (15000, [fired(9003, 30)], 30.0, "medium", 4),
        (15000, [fired(9001, 10)], 10.0, "low", 40),
    ]
    made = []
    for amount, rules, score, level, days_ago in rows:
        payout = make_payment(sender, amount_minor=amount)
        made.append(
            assessment(
                provider_id=provider.id,
                participant_id=sender.participant_id,
                payment=payout,
                rules=rules,
                score=score,
                level=level,
                decision="allow",
                assessed_on=now - timedelta(days=days_ago),
            )
        )
    return mid, made


# "Test this change" on the Mid-size rule's form with its threshold lowered to 100.
MID_AT_100 = {
    "name": "Mid-size", "condition": "amount_at_least", "threshold": "100",
    "on_payment": "on", "points": "20", "outcome": "none", "is_live": "on",
    "enabled": "on", "_backtest": "1", "backtest_days": "30",
}  # fmt: skip


def counts() -> tuple:
    return tuple(m.objects.count() for m in (RiskAssessment, RiskRule, RiskChange, Payment))


def test_a_lower_amount_threshold_reports_the_hand_computed_changes(stored):
    mid, made = stored
    draft = RiskRule.objects.get(pk=mid.pk)
    draft.threshold = 100
    before = counts()
    report = backtest(
        saved_rule=mid, draft_rule=draft, saved_policy=get_policy(), days=30,
        now=timezone.now(),
    )  # fmt: skip
    # 1: 300 ≥ 250 and ≥ 100, unchanged. 2: 10 → 30 (low → medium). 3: 30 → 50 (medium →
    # high, review: held). 4: 50 < 100, unchanged. 5: 30 → 50 (held). 6: outside the window.
    assert report.replayed == 6  # the five payouts in the window and the sender's signup
    assert dict(report.levels) == {("low", "medium"): 1, ("medium", "high"): 2}
    assert (report.up, report.down) == (3, 0)
    assert report.held_count == 2 and report.released_count == 0
    assert {c.assessment_id for c in report.held} == {made[2].pk, made[4].pk}
    assert counts() == before
    assert RiskRule.objects.get(pk=mid.pk).threshold == 250


def test_a_higher_review_threshold_releases_and_lowers_nothing_else(stored):
    policy = get_policy()
    policy.review_at_score = 20  # saved: everything at 30 is in review
    policy.save()
    draft = RiskPolicy.objects.get(pk=policy.pk)
    draft.review_at_score = 50
    report = backtest(saved_policy=policy, draft_policy=draft, days=30, now=timezone.now())
    # #1, #3 and #5 score 30: reviewed before, allowed with the draft; levels unchanged.
    assert report.released_count == 3 and report.held_count == 0
    assert dict(report.levels) == {}


def test_test_this_change_on_the_rule_form_saves_nothing(stored, analyst):
    mid, _ = stored
    before = counts()
    page = logged_in(analyst).post(f"/admin/risk/riskrule/{mid.pk}/change/", MID_AT_100)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="backtest-up">3<' in text and 'id="backtest-held">2<' in text
    assert "Nothing was saved" in text
    assert counts() == before
    assert RiskRule.objects.get(pk=mid.pk).threshold == 250


def test_raising_a_pep_entrys_level_replays_the_assessments_that_matched_it(provider, analyst):
    from risk.backtest_lists import backtest_list_entry
    from risk.models import RiskListEntry

    entry = RiskListEntry.objects.create(kind="pep_name", value="Paula Ortega", level="medium")
    medium = rule("signal_at_least", events=("signup",), signal="pepLevel", level="medium",
                  points=20)  # fmt: skip
    rule("signal_at_least", events=("signup",), signal="pepLevel", level="high", points=30,
         outcome="review")  # fmt: skip
    paula, other = enroll(provider.provider), enroll(provider.provider)
    hit = {"pepLevel": {"entry": "Paula Ortega", "how": "exact name match", "level": "medium"}}
    for enrollment, level, matches, fired_rules in (
        (paula, "medium", hit, [fired(medium.rule_id, 20)]),
        (other, "low", {}, []),
    ):
        RiskAssessment.objects.filter(participant_id=enrollment.participant_id).delete()
        assessment(
            provider_id=provider.id, participant_id=enrollment.participant_id, event="signup",
            signals=[{"key": "pepLevel", "value": level}], signal_matches=matches,
            rules=fired_rules, score=float(sum(r["points"] for r in fired_rules)),
            level="low", decision="allow",
        )  # fmt: skip
    draft = RiskListEntry.objects.get(pk=entry.pk)
    draft.level = "high"
    before = counts()
    report = backtest_list_entry(
        saved_entry=entry, draft_entry=draft, policy=get_policy(), now=timezone.now()
    )
    # Paula: 20 (at least medium) → 20 + 30 (at least high, review) = 50: low → high.
    assert report.replayed == 2
    assert dict(report.levels) == {("low", "high"): 1} and (report.up, report.down) == (1, 0)
    assert report.samples_up[0].after.decision == "review"
    assert counts() == before and RiskListEntry.objects.get(pk=entry.pk).level == "medium"
    # The same from the entry's change form: reported, nothing saved.
    form = {"kind": "pep_name", "value": "Paula Ortega", "level": "high", "_backtest": "1"}
    page = logged_in(analyst).post(f"/admin/risk/risklistentry/{entry.pk}/change/", form)
    assert 'id="backtest-up">1<' in page.content.decode()
    assert counts() == before and RiskListEntry.objects.get(pk=entry.pk).level == "medium"


def _signup(provider, enrollment, signals, *, fired_rules=(), matches=None):
    RiskAssessment.objects.filter(participant_id=enrollment.participant_id).delete()
    assessment(
        provider_id=provider.id, participant_id=enrollment.participant_id, event="signup",
        signals=signals, signal_matches=matches or {}, rules=list(fired_rules),
        score=float(sum(r["points"] for r in fired_rules)), level="low", decision="allow",
    )  # fmt: skip


def test_a_new_entry_replays_the_participants_whose_profile_holds_its_value(provider, analyst):
    from risk.models import RiskListEntry

    rule("signal_at_least", events=("signup",), signal="sanctionLevel", level="high",
         points=60, outcome="review")  # fmt: skip
    rule("signal_at_least", events=("signup",), signal="emailDomainLevel", level="medium",
         points=30)  # fmt: skip
    named = enroll(provider.provider, given="Viktor", family="Bout")
    middle = enroll(provider.provider, given="viktor", family="BOUT")
    middle.middle_name = "Anatolyevich"
    middle.save(update_fields=["middle_name"])
    namesake_in_part = enroll(provider.provider, given="Viktoria", family="Bouton")
    for enrollment in (named, middle, namesake_in_part):
        _signup(provider, enrollment, [{"key": "sanctionLevel", "value": "low"},
                                       {"key": "emailDomainLevel", "value": "low"}])  # fmt: skip
    before = counts()
    page = logged_in(analyst).post(
        "/admin/risk/risklistentry/add/",
        {"kind": "sanctioned_name", "value": "  Viktor   Bout ", "level": "high", "_backtest": "1"},
    )
    text = page.content.decode()
    # Both spellings of the name (with and without the middle name) match; "Viktoria Bouton"
    # does not: low → high (60 points, review) twice.
    assert 'id="backtest-up">2<' in text, text
    assert 'id="backtest-current-profiles"' in text
    assert counts() == before and not RiskListEntry.objects.exists()


def test_a_changed_value_drops_the_old_matches_and_adds_the_new(provider):
    from risk.backtest_lists import backtest_list_entry
    from risk.models import RiskListEntry

    entry = RiskListEntry.objects.create(kind="email_domain", value="old.example", level="high")
    high = rule("signal_at_least", events=("signup",), signal="emailDomainLevel", level="high",
                points=40)  # fmt: skip
    was_listed = enroll(provider.provider, email="bo@old.example")
    now_listed = enroll(provider.provider, email="Ada@Mail.New.Example")
    elsewhere = enroll(provider.provider, email="cy@renew.example")  # not a subdomain
    hit = {"emailDomainLevel": {"entry": "old.example", "how": "in the domain", "level": "high"}}
    _signup(provider, was_listed, [{"key": "emailDomainLevel", "value": "high"}],
            fired_rules=[fired(high.rule_id, 40)], matches=hit)  # fmt: skip
    _signup(provider, now_listed, [{"key": "emailDomainLevel", "value": "low"}])
    _signup(provider, elsewhere, [{"key": "emailDomainLevel", "value": "low"}])
    draft = RiskListEntry.objects.get(pk=entry.pk)
    draft.value = "new.example"
    report = backtest_list_entry(
        saved_entry=entry, draft_entry=draft, policy=get_policy(), now=timezone.now()
    )
    assert (report.up, report.down) == (1, 1) and report.read_current_profiles
    assert {c.assessment_id for c in report.samples_up} == set(
        RiskAssessment.objects.filter(participant_id=now_listed.participant_id).values_list(
            "pk", flat=True
        )
    )
