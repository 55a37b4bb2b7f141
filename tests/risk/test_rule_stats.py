"""Each rule's hits over 30 days and its share of firings later rejected (of the resolved),
on the rule list, in a bounded number of queries."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.actors import Actor
from reviews.models import ParticipantReview
from reviews.services import payment_reviews
from risk.models import RiskAssessment, RiskRule
from risk.rule_stats import rule_stats
from tests.payments.factories import enroll
from tests.reviews.admin_support import logged_in
from tests.reviews.factories import payout_in_review, pending_review
from tests.risk.factories import assessment
from tests.risk.rules import rule

pytestmark = pytest.mark.django_db

RULES_URL = "/admin/risk/riskrule/"


def made() -> RiskRule:
    return rule(RiskRule.Condition.values[0], enabled=False)


def fired(*rule_ids) -> list[dict]:
    return [
        {"ruleID": rule_id, "name": f"rule {rule_id}", "isLive": True, "isAllowlisted": False}
        for rule_id in rule_ids
    ]


def resolved_payout(provider, rules, resolution, reason=""):
    _, review = payout_in_review(provider.provider)
    RiskAssessment.objects.filter(pk=review.assessment_id).update(rules=rules)
    payment_reviews.resolve_payment_review(
        provider_id=provider.id,
        review_id=review.pk,
        resolution=resolution,
        rejection_reason=reason,
        actor=Actor.system(),
    )


def history(provider, first: int, second: int) -> None:
    """`first` fires 5 times in the window (2 rejected, 1 approved, 1 suspended, 1 pending)
    and once before it; `second` fires once, unresolved."""
    resolved_payout(provider, fired(first), "rejected", "fraud")
    resolved_payout(provider, fired(first, second), "rejected", "scam_victim")
    resolved_payout(provider, fired(first), "approved")
    _, pending = payout_in_review(provider.provider)
    RiskAssessment.objects.filter(pk=pending.assessment_id).update(rules=fired(first))
    enrollment = enroll(provider.provider)
    found = assessment(
        provider_id=provider.id, participant_id=enrollment.participant_id, rules=fired(first)
    )
    review = pending_review(provider.provider, enrollment, assessment_id=found.pk)
    ParticipantReview.objects.filter(pk=review.pk).update(
        status="resolved", resolution_action="suspend", resolution_reason_code="suspected-fraud"
    )
    assessment(
        provider_id=provider.id,
        participant_id=enrollment.participant_id,
        rules=fired(first),
        assessed_on=timezone.now() - timedelta(days=31),
    )


def test_hits_and_rejected_share_per_rule(provider):
    first, second, quiet = (made().rule_id for _ in range(3))
    history(provider, first, second)

    stats = rule_stats([first, second, quiet])

    one = stats[first]
    assert (one.hits, one.resolved, one.rejected) == (5, 4, 3)
    assert dict(one.reasons) == {"fraud": 1, "scam_victim": 1, "suspected-fraud": 1}
    assert one.rejected_share == 0.75
    assert (stats[second].hits, stats[second].rejected_share) == (1, 1.0)
    assert (stats[quiet].hits, stats[quiet].rejected_share) == (0, None)


def test_the_rule_list_shows_them_in_a_bounded_number_of_queries(provider, admin_user):
    first, second = (made().rule_id for _ in range(2))
    client = logged_in(admin_user)
    with CaptureQueriesContext(connection) as empty:
        assert client.get(RULES_URL).status_code == 200
    history(provider, first, second)
    history(provider, first, second)  # twice the history: the same number of queries

    with CaptureQueriesContext(connection) as full:
        page = client.get(RULES_URL)
    assert len(full) == len(empty)
    with CaptureQueriesContext(connection) as stats_only:
        rule_stats([first, second])
    assert len(stats_only) == 3

    text = " ".join(page.content.decode().split())
    assert '<th scope="col" class="column-recent">' in text
    assert (
        '<td class="field-recent"><span title="assessments it fired on">10 hits</span><br>'
        '<span class="quiet" title="fraud 2, scam victim 2, suspected-fraud 2">75% of 8 '
        "resolved rejected</span></td>"
    ) in text
