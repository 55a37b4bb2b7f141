"""What a draft change of a rule or of the thresholds would have done: the stored assessments
of the last N days re-scored with the draft, against the same re-scoring with the saved
configuration, so only the draft's effect shows. Writes nothing.

Each assessment is replayed from what it recorded: the rules that fired (points, outcome,
live, allowlisted), its signals, its payment's amount and the participant's enrollment age at
the time. A draft rule is evaluated again where its condition's input is recorded (amount at
least, account younger than, signal at least); for the other conditions (counts in a window,
new phone, new device, phone country) it keeps the fired-or-not the assessment recorded, and
the report says so. One query reads every assessment in the window; the rest is arithmetic.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.db.models import OuterRef, Subquery

from common.money import get_currency
from participants.models import Enrollment
from risk import policy as bands
from risk.backtest_outcomes import Outcome, Report, tally
from risk.conditions import EVENTS
from risk.engine import MAX_SCORE, strongest
from risk.models import LEVEL_ORDER, RiskAssessment, RiskPolicy, RiskRule
from risk.signals import review_reason

C = RiskRule.Condition
REPLAYED = (C.AMOUNT_AT_LEAST, C.ACCOUNT_YOUNGER_THAN, C.SIGNAL_AT_LEAST)
EVENT_FLAGS = {"signup": "on_signup", "sign_in": "on_sign_in", "payment": "on_payment"}


def _fires(rule: RiskRule, row, recorded: dict | None, signals: list) -> bool:
    """Whether `rule` fires for the stored assessment `row` (see the module's note)."""
    if not rule.enabled or not getattr(rule, EVENT_FLAGS[row.event]):
        return False
    if row.event not in EVENTS.get(rule.condition, ()):
        return False
    if rule.condition == C.AMOUNT_AT_LEAST and rule.threshold is not None:
        if row.amount is None:
            return False
        return row.amount >= rule.threshold
    if rule.condition == C.ACCOUNT_YOUNGER_THAN and rule.threshold is not None:
        if row.enrolled_on is None:
            return False
        hours = Decimal((row.assessed_on - row.enrolled_on).total_seconds()) / 3600
        return hours < rule.threshold
    if rule.condition == C.SIGNAL_AT_LEAST and rule.signal_key and rule.signal_level:
        value = {s["key"]: s["value"] for s in signals or []}.get(rule.signal_key)
        return value in LEVEL_ORDER and LEVEL_ORDER.index(value) >= LEVEL_ORDER.index(
            rule.signal_level
        )
    return recorded is not None


def _counts(snapshot: dict) -> bool:
    default = snapshot.get("isLive", True) and not snapshot.get("isAllowlisted", False)
    return snapshot.get("counted", default)


def rescore(row, rules, thresholds: RiskPolicy, *, signals=None) -> Outcome:
    """The assessment re-scored with `rules` (saved or draft versions) in place of what it
    recorded for their ruleIDs, with `signals` in place of the recorded ones if given, under
    `thresholds`."""
    replaced = {rule.rule_id: rule for rule in rules}
    points, forced = 0, []
    recorded: dict[int, dict] = {}
    for snapshot in row.rules or []:
        if snapshot["ruleID"] in replaced:
            recorded[snapshot["ruleID"]] = snapshot
            continue
        if _counts(snapshot):
            points += int(snapshot.get("points", 0))
            if snapshot.get("outcome", "none") != "none":
                forced.append(snapshot["outcome"])
    for rule_id, rule in replaced.items():
        seen = recorded.get(rule_id)
        if not _fires(rule, row, seen, row.signals if signals is None else signals):
            continue
        if rule.is_live and not (seen and seen.get("isAllowlisted")):
            points += rule.points
            if rule.outcome != RiskRule.Outcome.NONE:
                forced.append(rule.outcome)
    if review_reason(row.signal_matches or {}):  # the evidence's own review, as the engine's
        forced.append(RiskRule.Outcome.REVIEW)
    score = float(min(MAX_SCORE, points))
    decision = strongest([*forced, bands.decision_for(score, thresholds)])
    return Outcome(score, decision, bands.level_for(score, thresholds))


@dataclass
class Stored:
    """What a replay reads of one stored assessment (plain values: no model instances, so
    100,000 rows cost little more than their JSON)."""

    pk: str
    event: str
    assessed_on: datetime
    rules: list
    signals: list
    signal_matches: dict
    payment_id: str | None
    payment_type: str | None
    amount: Decimal | None
    enrolled_on: datetime | None
    party: tuple[str, str]  # (providerID, participantID) assessed


_FIELDS = (
    "provider_id",
    "participant_id",
    "id",
    "event",
    "assessed_on",
    "rules",
    "signals",
    "signal_matches",
    "payment_id",
    "payment__type",
    "payment__amount_minor",
    "payment__currency",
    "enrolled_on",
)


PROGRESS_EVERY = 5000


@dataclass(frozen=True)
class Bound:
    """How much of the window a run replays (the newest `limit` assessments), and whom it tells
    how far it got (called with the number replayed, every PROGRESS_EVERY and at the end)."""

    limit: int
    on_progress: Callable[[int], None] | None = None


def stored_assessments(days: int, now: datetime, bound: Bound | None = None):
    """Every assessment of the window (the newest `bound.limit` if bound) with what a replay
    needs, in one query, streamed."""
    enrolled = Enrollment.objects.filter(
        provider_id=OuterRef("provider_id"), participant_id=OuterRef("participant_id")
    ).values("created_on")[:1]
    rows = (
        RiskAssessment.objects.filter(assessed_on__gte=now - timedelta(days=days))
        .annotate(enrolled_on=Subquery(enrolled))
        .order_by("-assessed_on", "-id")
        .values_list(*_FIELDS)
    )
    if bound is not None:
        rows = rows[: bound.limit]
    for replayed, row in enumerate(rows.iterator(chunk_size=5000)):
        if bound and bound.on_progress and replayed and replayed % PROGRESS_EVERY == 0:
            bound.on_progress(replayed)
        provider_id, participant_id, pk, event, at, rules, signals, matches = row[:8]
        payment_id, kind, minor, code, enrolled_on = row[8:]
        amount = None
        if payment_id is not None:
            amount = Decimal(minor).scaleb(-get_currency(code).decimal_places)
        yield Stored(
            pk,
            event,
            at,
            rules,
            signals,
            matches or {},
            payment_id,
            kind,
            amount,
            enrolled_on,
            (provider_id, participant_id),
        )


def backtest(
    *,
    saved_rule: RiskRule | None = None,
    draft_rule: RiskRule | None = None,
    saved_policy: RiskPolicy,
    draft_policy: RiskPolicy | None = None,
    days: int = 30,
    now: datetime,
    bound: Bound | None = None,
) -> Report:
    """The draft's effect on the last `days` days of stored assessments. A new rule has no
    `saved_rule`; a policy change no rules at all."""
    draft_policy = draft_policy or saved_policy
    report = Report(days=days)
    rule_id = (draft_rule or saved_rule).rule_id if (draft_rule or saved_rule) else None
    # A rule that does not exist yet counts as disabled before the change.
    before_rule = saved_rule
    if before_rule is None and draft_rule is not None:
        before_rule = RiskRule(rule_id=rule_id, enabled=False)
    if draft_rule is not None and draft_rule.condition not in REPLAYED:
        report.kept_as_recorded = True
    before_rules = [before_rule] if before_rule is not None else []
    after_rules = [draft_rule or saved_rule] if (draft_rule or saved_rule) else []
    for row in stored_assessments(days, now, bound):
        before = rescore(row, before_rules, saved_policy)
        after = rescore(row, after_rules, draft_policy)
        tally(report, row, before, after)
    return report
