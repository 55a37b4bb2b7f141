"""How each rule has fared lately: the assessments it fired on in a window (30 days), and of
those whose review was resolved, the share rejected (a payment review rejected, a participant
review resolved by suspending), with the rejections' recorded reasons.

Three queries whatever the number of rules or assessments: the resolved reviews of the
window's assessments (two, read through the assessments' reverse relations, so this app
imports nothing of the reviews app), then one streamed pass over the window's assessments
that fired a rule, reading each one's stored rule results.
"""

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.utils import timezone

from risk.models import RiskAssessment

WINDOW = timedelta(days=30)


@dataclass
class RuleStats:
    hits: int = 0  # assessments it fired on (live or shadow, allowlisted or not)
    resolved: int = 0  # of those, with a resolved review
    rejected: int = 0  # of those, rejected
    reasons: Counter = field(default_factory=Counter)  # the rejections' reasons

    @property
    def rejected_share(self) -> float | None:
        return self.rejected / self.resolved if self.resolved else None


def _outcomes(since: datetime) -> dict[str, tuple[bool, str]]:
    """Each assessment of the window with a resolved review: (rejected?, reason)."""
    window = RiskAssessment.objects.filter(assessed_on__gte=since).order_by()
    outcomes: dict[str, tuple[bool, str]] = {}
    payments = window.filter(payment_reviews__status__in=("approved", "rejected")).values_list(
        "id", "payment_reviews__status", "payment_reviews__rejection_reason"
    )
    for assessment_id, status, reason in payments:
        if status == "rejected" or assessment_id not in outcomes:
            outcomes[assessment_id] = (status == "rejected", reason or "")
    participants = window.filter(participant_reviews__status="resolved").values_list(
        "id",
        "participant_reviews__resolution_action",
        "participant_reviews__resolution_reason_code",
    )
    for assessment_id, action, code in participants:
        if action == "suspend" or assessment_id not in outcomes:
            outcomes[assessment_id] = (action == "suspend", code or "")
    return outcomes


def rule_stats(rule_ids, *, now: datetime | None = None) -> dict[int, RuleStats]:
    """The stats of these rules over the window ending now."""
    since = (now or timezone.now()) - WINDOW
    wanted = set(rule_ids)
    stats = {rule_id: RuleStats() for rule_id in wanted}
    if not wanted:
        return stats
    outcomes = _outcomes(since)
    fired = (
        RiskAssessment.objects.filter(assessed_on__gte=since)
        .exclude(rules=[])
        .order_by()
        .values_list("id", "rules")
    )
    for assessment_id, rules in fired.iterator(chunk_size=2000):
        outcome = outcomes.get(assessment_id)
        for rule_id in {snapshot.get("ruleID") for snapshot in rules or []} & wanted:
            one = stats[rule_id]
            one.hits += 1
            if outcome is not None:
                one.resolved += 1
                if outcome[0]:
                    one.rejected += 1
                    one.reasons[outcome[1] or "not recorded"] += 1
    return stats
