"""Evaluate the enabled rules for an event into a score, a decision and a snapshot.

- A rule fires when its condition holds. It *counts* when it is live and the participant is
  not allowlisted for it; a fired rule that does not count is still recorded (shadow mode,
  allowlist) but adds no points and forces nothing.
- score = the points of the counted rules, capped at 100 (0 when none count: a real 0);
- decision = the strongest of the counted rules' forced outcomes, a review the evidence
  forces (a name near a sanctioned one: `Subject.review_reason`) and the policy's score
  thresholds (deny at `deny_at_score`, review at `review_at_score`, else allow);
- level = the policy's band of the score; reasons = the details of the counted rules (a
  threshold check says only its highest threshold crossed);
- for payments, transactionEvidence: level (the band) and amlLevel (from the amount).

Nothing here writes: `risk.assessments` records the result (the reviews app acts on it).
"""

from dataclasses import dataclass, field

from risk import conditions, policy
from risk import selectors as risk_selectors
from risk.models import RiskAssessment, RiskRule
from risk.signals import as_evidence
from risk.subject import Subject, payment_amount

MAX_SCORE = 100
_STRENGTH = ("allow", "review", "deny")


@dataclass(frozen=True)
class FiredRule:
    rule: RiskRule
    detail: str
    is_allowlisted: bool
    observed: str = ""
    limit: str = ""

    @property
    def counts(self) -> bool:
        return self.rule.is_live and not self.is_allowlisted

    def snapshot(self) -> dict:
        """As stored on the assessment: the contract's four keys, then what staff also see."""
        return {
            "ruleID": self.rule.rule_id,
            "name": self.rule.name,
            "isLive": self.rule.is_live,
            "isAllowlisted": self.is_allowlisted,
            "points": self.rule.points,
            "outcome": self.rule.outcome,
            "detail": self.detail,
            "counted": self.counts,
            # What the case file needs to read tiers of one check as one line.
            "condition": self.rule.condition,
            "windowMinutes": self.rule.window_minutes,
            "observed": self.observed,
            "limit": self.limit,
        }


@dataclass(frozen=True)
class Evaluation:
    score: float
    decision: str
    level: str
    reasons: list[str] = field(default_factory=list)
    rules: list[dict] = field(default_factory=list)
    signals: list[dict] = field(default_factory=list)
    transaction_level: str = ""
    aml_level: str = ""


def strongest(decisions) -> str:
    return max(decisions, key=_STRENGTH.index)


def fired_rules(subject: Subject) -> list[FiredRule]:
    every_rule, rule_ids = risk_selectors.allowlisted_rule_ids(
        participant_id=subject.participant_id, at=subject.at
    )
    fired = []
    for rule in risk_selectors.enabled_rules(subject.event):
        result = conditions.evaluate(rule, subject)
        if result.fired:
            allowlisted = every_rule or rule.rule_id in rule_ids
            fired.append(
                FiredRule(
                    rule=rule,
                    detail=result.detail,
                    is_allowlisted=allowlisted,
                    observed=result.observed,
                    limit=result.limit,
                )
            )
    return fired


# Conditions whose rules differ only by a threshold: a reason says the highest one crossed,
# not each lower one again ("at least 750.00", not also "at least 250.00").
THRESHOLD_CONDITIONS = (
    RiskRule.Condition.AMOUNT_AT_LEAST,
    RiskRule.Condition.PAYMENTS_IN_WINDOW,
    RiskRule.Condition.SIGN_INS_IN_WINDOW,
)


def reasons_of(counted: list[FiredRule]) -> list[str]:
    """The counted rules' details, one per threshold check (its highest threshold crossed)."""
    top: dict[str, FiredRule] = {}
    for one in counted:
        if one.rule.condition in THRESHOLD_CONDITIONS and one.rule.threshold is not None:
            best = top.get(one.rule.condition)
            if best is None or one.rule.threshold > best.rule.threshold:
                top[one.rule.condition] = one
    return [
        one.detail
        for one in counted
        if one.rule.condition not in top or top[one.rule.condition] is one
    ]


def evaluate(subject: Subject) -> Evaluation:
    thresholds = risk_selectors.get_policy()
    fired = fired_rules(subject)
    counted = [one for one in fired if one.counts]
    score = float(min(MAX_SCORE, sum(one.rule.points for one in counted)))
    forced = [one.rule.outcome for one in counted if one.rule.outcome != RiskRule.Outcome.NONE]
    reasons = reasons_of(counted)
    if subject.review_reason:  # not a rule: no allowlist or shadow mode lets it through
        forced.append(RiskRule.Outcome.REVIEW)
        reasons.append(subject.review_reason)
    decision = strongest([*forced, policy.decision_for(score, thresholds)])
    level = policy.level_for(score, thresholds)
    transaction_level = aml_level = ""
    if subject.event == RiskAssessment.Event.PAYMENT:
        transaction_level = level
        aml_level = policy.aml_level_for(payment_amount(subject.payment), thresholds)
    return Evaluation(
        score=score,
        decision=decision,
        level=level,
        reasons=reasons,
        rules=[one.snapshot() for one in fired],
        signals=as_evidence(subject.signals),
        transaction_level=transaction_level,
        aml_level=aml_level,
    )
