"""How each rule's past firings compare with what analysts decided: among the resolved reviews
opened on an assessment the rule fired on, how many were rejected and how many approved.

precision = rejected / (rejected + approved), where
- a payment review counts as rejected when resolved `rejected`, approved when `approved`;
- a participant review counts as rejected when resolved with `suspend`, approved when resolved
  with `no_action`; it counts once per rule even when several of its assessments fired it;
- "fired on" means the assessment recorded the rule among its fired rules, live or shadow,
  and not allowlisted (an allowlisted firing held nothing for the analyst to judge);
- only reviews of assessments in the backtest's window count, and pending reviews not at all.
No resolved review: no precision (shown as "—").

Reviews sit above this app, so their verdicts are read through an optional hook the reviews app
fills (`common.hooks`); empty, every rule shows no resolved review."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from common.hooks import Hook
from risk.models import RiskRule

review_verdicts = Hook(
    "risk.review_verdicts",
    required=False,
    filled_by="the reviews app",
    doc=(
        "Called with a datetime; answers (review kind, review ID, verdict, the assessment's "
        "recorded rules) for every resolved review linked to an assessment made since then: "
        "kind 'payment' or 'participant', verdict 'rejected' or 'approved'."
    ),
)


@dataclass(frozen=True)
class RulePrecision:
    rule_id: int
    name: str
    review: str  # "payment" or "participant"
    rejected: int
    approved: int

    @property
    def resolved(self) -> int:
        return self.rejected + self.approved

    @property
    def precision(self) -> float | None:
        return self.rejected / self.resolved if self.resolved else None


def _fired(rules: list) -> set[int]:
    return {int(s["ruleID"]) for s in rules or [] if not s.get("isAllowlisted", False)}


def verdicts_by_rule(rows: Iterable[tuple]) -> dict[tuple[int, str], dict[str, str]]:
    """{(ruleID, review kind): {review ID: verdict}} from the hook's rows."""
    found: dict[tuple[int, str], dict[str, str]] = {}
    for kind, review_id, verdict, rules in rows:
        for rule_id in _fired(rules):
            found.setdefault((rule_id, kind), {})[review_id] = verdict
    return found


def rule_precision(rule_ids: Iterable[int] | None, *, since: datetime) -> list[RulePrecision]:
    """A row per rule and review kind (payment, then participant) for `rule_ids` (None: every
    rule that fired on a resolved review), by ruleID."""
    found = verdicts_by_rule(review_verdicts.call(since) or ())
    wanted = set(rule_ids) if rule_ids is not None else {rule_id for rule_id, _ in found}
    names = dict(RiskRule.objects.filter(rule_id__in=wanted).values_list("rule_id", "name"))
    rows = []
    for rule_id in sorted(wanted):
        for kind in ("payment", "participant"):
            verdicts = list(found.get((rule_id, kind), {}).values())
            rows.append(
                RulePrecision(
                    rule_id,
                    names.get(rule_id, f"rule {rule_id}"),
                    kind,
                    verdicts.count("rejected"),
                    verdicts.count("approved"),
                )
            )
    return rows
