"""The backtest counts every outcome: each decision move by event kind (a denial is never a
release), the reviews the draft would open or no longer open, and how the rules it changes
compared with analysts' resolutions (precision = rejected / (rejected + approved))."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from payments.models import PaymentType
from reviews.models import ParticipantReview, ParticipantReviewAssessment, PaymentReview
from risk.backtest import backtest
from risk.backtest_outcomes import MOVES
from risk.models import RiskAssessment, RiskPolicy, RiskRule
from risk.policy import POLICY_ID
from risk.rule_precision import rule_precision
from risk.selectors import get_policy
from tests.payments.factories import enroll, make_payment
from tests.reviews.admin_support import logged_in
from tests.risk.factories import assessment
from tests.risk.rules import rule
from tests.risk.test_backtest import MID_AT_100, fired

pytestmark = pytest.mark.django_db

KIND_EVENTS = {"signup": "signup", "sign_in": "sign_in", "payout": "payment", "request": "payment"}


def scored(provider, kind: str, score: int, *, policy=None, rules=None, days_ago=0):
    """A stored assessment of `kind` whose recorded rules add up to `score`, decided by
    `policy` (the saved one unless given)."""
    from risk.policy import decision_for, level_for

    policy = policy or get_policy()
    enrollment = enroll(provider.provider)
    RiskAssessment.objects.filter(participant_id=enrollment.participant_id).delete()
    payment = None
    if kind in ("payout", "request"):
        payment = make_payment(enrollment, type=PaymentType(kind))
    return assessment(
        provider_id=provider.id,
        participant_id=enrollment.participant_id,
        payment=payment,
        event=KIND_EVENTS[kind],
        rules=rules if rules is not None else [fired(9001, score)],
        score=float(score),
        level=level_for(score, policy),
        decision=decision_for(score, policy),
        assessed_on=timezone.now() - timedelta(days=days_ago),
    )


def saved_policy(review: int, deny: int) -> RiskPolicy:
    policy = get_policy()
    policy.review_at_score, policy.deny_at_score = review, deny
    policy.save()
    return policy


def draft_of(policy: RiskPolicy, review: int, deny: int) -> RiskPolicy:
    draft = RiskPolicy.objects.get(pk=policy.pk)
    draft.review_at_score, draft.deny_at_score = review, deny
    return draft


def test_a_lower_deny_threshold_counts_new_denials_and_releases_nothing(provider, analyst):
    policy = saved_policy(50, 90)
    held = [scored(provider, "payout", 80) for _ in range(5)]
    scored(provider, "payout", 95)  # denied already
    scored(provider, "payout", 60)  # stays in review
    scored(provider, "signup", 80)
    report = backtest(
        saved_policy=policy, draft_policy=draft_of(policy, 50, 75), now=timezone.now()
    )
    moved = report.move("payout", "review", "deny")
    assert moved.count == 5 and {c.assessment_id for c in moved.samples} == {a.pk for a in held}
    assert report.released_count == 0 and report.move("payout", "review", "allow").count == 0
    assert report.move("signup", "review", "deny").count == 1
    # Denied payouts open no payment review; a denied signup still opens a participant review.
    assert dict(report.reviews) == {"payment_no_longer": 5}
    form = {"review_at_score": "50", "deny_at_score": "75", "medium_at_score": "25",
            "high_at_score": "50", "very_high_at_score": "75", "aml_medium_amount": "3000",
            "aml_high_amount": "10000", "_backtest": "1"}  # fmt: skip
    text = logged_in(analyst).post(f"/admin/risk/riskpolicy/{POLICY_ID}/change/", form)
    text = text.content.decode()
    assert re.search(r'id="backtest-payout-denied-not-held"><a [^>]*>5<', text), text
    assert "Payouts that would now be denied instead of held for review" in text
    assert "released" not in text.lower()
    assert get_policy().deny_at_score == 90


def test_a_lower_review_threshold_counts_the_sign_ins_and_signups_that_would_open_reviews(
    provider,
):
    policy = saved_policy(50, 90)
    sign_ins = [scored(provider, "sign_in", 30) for _ in range(3)]
    for _ in range(2):
        scored(provider, "signup", 30)
    for _ in range(4):
        scored(provider, "payout", 30)
    scored(provider, "request", 30)
    scored(provider, "sign_in", 20)  # below the draft threshold too
    report = backtest(
        saved_policy=policy, draft_policy=draft_of(policy, 25, 90), now=timezone.now()
    )
    assert report.move("sign_in", "allow", "review").count == 3
    assert {c.assessment_id for c in report.move("sign_in", "allow", "review").samples} == {
        a.pk for a in sign_ins
    }
    assert report.move("signup", "allow", "review").count == 2
    assert report.held_count == 4 and report.move("request", "allow", "review").count == 1
    assert dict(report.reviews) == {"participant_opened": 5, "payment_opened": 5}


# (saved review, saved deny) → (draft review, draft deny) moving a score of 60 as named.
THRESHOLDS = {
    ("allow", "review"): ((70, 90), (50, 90)),
    ("allow", "deny"): ((70, 90), (50, 55)),
    ("review", "deny"): ((50, 90), (50, 55)),
    ("review", "allow"): ((50, 90), (70, 90)),
    ("deny", "review"): ((50, 55), (50, 90)),
    ("deny", "allow"): ((50, 55), (70, 90)),
}
# The reviews each move opens or no longer opens: participant, payment (two assessments each).
LOAD = {
    ("allow", "review"): {"participant_opened": 2, "payment_opened": 2},
    ("allow", "deny"): {"participant_opened": 2},
    ("review", "deny"): {"payment_no_longer": 2},
    ("review", "allow"): {"participant_no_longer": 2, "payment_no_longer": 2},
    ("deny", "review"): {"payment_opened": 2},
    ("deny", "allow"): {"participant_no_longer": 2},
}


@pytest.mark.parametrize("move", list(MOVES), ids=lambda m: "-to-".join(m))
def test_each_move_of_each_kind_appears_in_its_row(provider, analyst, move):
    (review, deny), (draft_review, draft_deny) = THRESHOLDS[move]
    policy = saved_policy(review, deny)
    for kind in KIND_EVENTS:
        scored(provider, kind, 60)
    report = backtest(
        saved_policy=policy, draft_policy=draft_of(policy, draft_review, draft_deny),
        now=timezone.now(),
    )  # fmt: skip
    counts = {(row.kind, row.before, row.after): row.tally.count for row in report.move_rows}
    assert counts == {(kind, *other): int(other == move) for other in MOVES for kind in KIND_EVENTS}
    assert dict(report.reviews) == LOAD[move]
    form = {"review_at_score": str(draft_review), "deny_at_score": str(draft_deny),
            "medium_at_score": "25", "high_at_score": "50", "very_high_at_score": "75",
            "aml_medium_amount": "3000", "aml_high_amount": "10000", "_backtest": "1"}  # fmt: skip
    text = logged_in(analyst).post(f"/admin/risk/riskpolicy/{POLICY_ID}/change/", form)
    text = text.content.decode()
    slug = MOVES[move][0]
    for kind in KIND_EVENTS:
        assert re.search(rf'id="backtest-{kind}-{slug}"><a [^>]*>1<', text), (kind, text)
    assert text.count('">1</a></td>') == 4  # no other cell counts anything


def test_a_rules_precision_against_resolved_reviews_is_computed_as_defined(provider, analyst):
    mid = rule("amount_at_least", threshold=250, points=20, name="Mid-size")
    fires = [fired(mid.rule_id, 20)]
    now = timezone.now()

    def payment_review(status, rules=fires, days_ago=0):
        found = scored(provider, "payout", 20, rules=rules, days_ago=days_ago)
        PaymentReview.objects.create(
            provider=provider.provider, payment_id=found.payment_id, assessment=found,
            status=status, resolved_on=None if status == "pending" else now,
        )  # fmt: skip

    for status in ("rejected", "rejected", "rejected", "approved", "pending"):
        payment_review(status)
    payment_review("rejected", rules=[fired(mid.rule_id, 20, isAllowlisted=True)])
    payment_review("rejected", rules=[fired(9001, 20)])  # another rule fired
    payment_review("approved", days_ago=40)  # outside the 30 days

    def participant_review(action, *linked):
        first = RiskAssessment.objects.get(pk=linked[0].pk)
        enrollment = first.participant.enrollments.get()
        review = ParticipantReview.objects.create(
            provider=provider.provider, enrollment=enrollment, participant=first.participant,
            status="resolved", resolution_action=action, resolved_on=now,
        )  # fmt: skip
        for found in linked:
            ParticipantReviewAssessment.objects.create(review=review, assessment=found)

    suspended = scored(provider, "signup", 20, rules=fires)
    again = assessment(provider_id=provider.id, participant_id=suspended.participant_id,
                       event="sign_in", rules=fires, score=20.0, decision="allow")  # fmt: skip
    participant_review("suspend", suspended, again)  # one review, counted once
    participant_review("no_action", scored(provider, "signup", 20, rules=fires))

    rows = {row.review: row for row in rule_precision([mid.rule_id], since=now - timedelta(30))}
    assert (rows["payment"].rejected, rows["payment"].approved) == (3, 1)
    assert rows["payment"].precision == 0.75
    assert (rows["participant"].rejected, rows["participant"].approved) == (1, 1)
    assert rows["participant"].precision == 0.5
    assert rule_precision([9999], since=now - timedelta(30))[0].precision is None

    text = logged_in(analyst).post(f"/admin/risk/riskrule/{mid.pk}/change/", MID_AT_100)
    text = text.content.decode()
    row = re.search(rf'id="backtest-precision-{mid.rule_id}-payment">(.*?)</tr>', text, re.S)
    assert row and re.sub(r"<[^>]+>|\s+", " ", row.group(1)).split()[-5:] == [
        "reviews", "3", "1", "75", "%"
    ]  # fmt: skip
    assert "Precision = rejected / (rejected + approved)" in text
    assert RiskRule.objects.get(pk=mid.pk).threshold == 250
