"""An assessment as an analyst reads it: every fired rule with its points and what it
matched, the score as the sum it is, the customer signals in words with the list entry that
set each, and no raw enum or camelCase key on the page (the review pages show it)."""

from dataclasses import dataclass, field

from common.words import words
from risk import selectors
from risk.engine import THRESHOLD_CONDITIONS
from risk.models import RiskRule

SIGNAL_LABELS = {
    "addressRiskLevel": "Address country",
    "emailDomainLevel": "Email domain",
    "emailLevel": "Email address",
    "pepLevel": "Politically exposed persons list",
    "phoneLevel": "Phone number",
    "sanctionLevel": "Sanctions list",
}
OUTCOME_WORDS = {"none": "", "review": "forces a review", "deny": "forces a denial"}
DECISION_WORDS = {"allow": "allowed", "review": "sent to review", "deny": "denied"}


@dataclass
class RuleRow:
    rule_id: int
    name: str
    points: int
    counted: bool
    why_not_counted: str
    forces: str
    matched: str


@dataclass
class CaseFile:
    decision: str
    score: float | None
    score_terms: list[tuple[int, str]] = field(default_factory=list)  # (points, rule name)
    capped: bool = False
    rules: list[RuleRow] = field(default_factory=list)
    signals: list[dict] = field(default_factory=list)

    @property
    def score_sum(self) -> str:
        """`80 = 40 (Large payout) + 25 (New payee) + 15 (Young account)`."""
        if self.score is None:
            return "not recorded"
        shown = f"{self.score:g}"
        if not self.score_terms:
            return f"{shown} (no rule counted)"
        terms = " + ".join(f"{points} ({name})" for points, name in self.score_terms)
        capped = ", capped at 100" if self.capped else ""
        return f"{shown} = {terms}{capped}"


def _counted(snapshot: dict) -> bool:
    # Older snapshots have no `counted`: a rule counts when live and not allowlisted.
    default = snapshot.get("isLive", True) and not snapshot.get("isAllowlisted", False)
    return snapshot.get("counted", default)


def _why_not_counted(snapshot: dict) -> str:
    if _counted(snapshot):
        return ""
    why = []
    if not snapshot.get("isLive", True):
        why.append("shadow rule: recorded, not counted")
    if snapshot.get("isAllowlisted"):
        why.append("allowlisted for this participant")
    return "; ".join(why)


def case_file(assessment) -> CaseFile:
    snapshots = assessment.rules or []
    rules = selectors.rules_by_id([s["ruleID"] for s in snapshots])
    matches = getattr(assessment, "signal_matches", None) or {}
    highest: dict[str, RiskRule] = {}
    for snapshot in snapshots:
        rule = rules.get(snapshot["ruleID"])
        if rule and rule.condition in THRESHOLD_CONDITIONS and rule.threshold is not None:
            best = highest.get(rule.condition)
            if best is None or rule.threshold > best.threshold:
                highest[rule.condition] = rule
    rows, terms = [], []
    for snapshot in snapshots:
        rule = rules.get(snapshot["ruleID"])
        counted = _counted(snapshot)
        points = int(snapshot.get("points", rule.points if rule else 0)) if counted else 0
        matched = snapshot.get("detail", "")
        if rule is not None:
            top = highest.get(rule.condition)
            if top is not None and top.rule_id != rule.rule_id:
                matched = f"lower threshold of the same check (see rule {top.rule_id})"
            if rule.condition == RiskRule.Condition.SIGNAL_AT_LEAST:
                found = matches.get(rule.signal_key)
                label = SIGNAL_LABELS.get(rule.signal_key, rule.signal_key)
                level = words(found["level"]) if found else "unknown"
                matched = f"{label}: {level} (rule: at least {words(rule.signal_level)})"
                if found:
                    matched += f"; matched “{found['entry']}”, {found['how']}"
        rows.append(
            RuleRow(
                rule_id=snapshot["ruleID"],
                name=snapshot.get("name", ""),
                points=points,
                counted=counted,
                why_not_counted=_why_not_counted(snapshot),
                forces=OUTCOME_WORDS.get(snapshot.get("outcome", "none"), ""),
                matched=matched,
            )
        )
        if counted and points:
            terms.append((points, snapshot.get("name", "")))
    signals = []
    for signal in assessment.signals or []:
        found = matches.get(signal["key"])
        signals.append(
            {
                "label": SIGNAL_LABELS.get(signal["key"], signal["key"]),
                "level": words(signal["value"]),
                "entry": found["entry"] if found else "",
                "how": found["how"] if found else "",
            }
        )
    return CaseFile(
        decision=DECISION_WORDS.get(assessment.decision, words(assessment.decision)),
        score=assessment.score,
        score_terms=terms,
        capped=sum(points for points, _ in terms) > 100,
        rules=rows,
        signals=signals,
    )
