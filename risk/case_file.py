"""An assessment as an analyst reads it: every fired rule with its points and the value it
observed against the threshold it crossed ("amount 800.00 USD ≥ 250.00 USD"), the tiers of
one check (rules of one threshold condition, e.g. amount at least 250 and at least 750) as one
line, the score as the sum it is, the customer signals in words with the list entry that set
each, and no raw enum or camelCase key on the page (the review pages show it)."""

from dataclasses import dataclass, field

from common.words import words
from participants.models import Enrollment
from risk import selectors
from risk.engine import THRESHOLD_CONDITIONS

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
    tiers: list[str] = field(default_factory=list)  # a tiered check: each tier crossed


@dataclass
class CaseFile:
    decision: str
    score: float | None
    score_terms: list[tuple[int, str]] = field(default_factory=list)  # (points, rule name)
    capped: bool = False
    rules: list[RuleRow] = field(default_factory=list)
    signals: list[dict] = field(default_factory=list)
    list_matches: list[dict] = field(default_factory=list)  # a names list's entry vs the person

    @property
    def score_sum(self) -> str:
        """`80 = 50 (Large payment (2 tiers)) + 20 (New account) + 10 (New phone)`."""
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


def _points(snapshot: dict, rule) -> int:
    if not _counted(snapshot):
        return 0
    return int(snapshot.get("points", rule.points if rule else 0))


def _condition(snapshot: dict, rule) -> tuple[str, object]:
    """(condition, window) of a fired rule: recorded on newer snapshots, else the rule's now."""
    if "condition" in snapshot:
        return snapshot["condition"], snapshot.get("windowMinutes")
    if rule is None:
        return "", None
    return rule.condition, rule.window_minutes


def _threshold(snapshot: dict, rule) -> float:
    if rule is not None and rule.threshold is not None:
        return float(rule.threshold)
    return 0.0


def _matched(snapshot: dict, rule, matches: dict) -> str:
    observed, limit = snapshot.get("observed"), snapshot.get("limit")
    matched = f"{observed} {limit}" if observed and limit else snapshot.get("detail", "")
    signal = rule.signal_key if rule is not None else ""
    if signal and (rule.condition == "signal_at_least"):
        found = matches.get(signal)
        label = SIGNAL_LABELS.get(signal, signal)
        level = words(found["level"]) if found else "unknown"
        matched = f"{label}: {level} (rule: at least {words(rule.signal_level)})"
        if found:
            matched += f"; matched “{found['entry']}”, {found['how']}"
    return matched


def _row(snapshot: dict, rule, matches: dict) -> RuleRow:
    return RuleRow(
        rule_id=snapshot["ruleID"],
        name=snapshot.get("name", ""),
        points=_points(snapshot, rule),
        counted=_counted(snapshot),
        why_not_counted=_why_not_counted(snapshot),
        forces=OUTCOME_WORDS.get(snapshot.get("outcome", "none"), ""),
        matched=_matched(snapshot, rule, matches),
    )


def _tiered(group: list[tuple[dict, object]], matches: dict) -> RuleRow:
    """Several fired rules of one threshold check as one row: the highest tier's comparison,
    each tier crossed with its points, the points of the counted tiers added up."""
    group = sorted(group, key=lambda pair: _threshold(*pair))
    top_snapshot, top_rule = group[-1]
    row = _row(top_snapshot, top_rule, matches)
    rows = [_row(snapshot, rule, matches) for snapshot, rule in group]
    row.points = sum(one.points for one in rows)
    row.counted = any(one.counted for one in rows)
    row.forces = next((one.forces for one in reversed(rows) if one.forces), "")
    row.why_not_counted = "; ".join(sorted({one.why_not_counted for one in rows} - {""}))
    for (snapshot, _), one in zip(group, rows, strict=True):
        limit = snapshot.get("limit") or one.matched
        points = f"+{one.points}" if one.counted else f"0, {one.why_not_counted}"
        row.tiers.append(f"{limit}: {one.name} #{one.rule_id} ({points})")
    row.name = f"{row.name} ({len(group)} tiers)"
    return row


NAME_SIGNALS = ("pepLevel", "sanctionLevel")


def _verdict(listed, own, *, missing_own: str) -> str:
    if not listed:
        return "the list gives none"
    if not own:
        return missing_own
    return "same" if str(listed).upper() == str(own).upper() else "differs"


def _against_the_person(key: str, found: dict, enrollment) -> dict:
    """A names list's entry beside the participant's own values: what matched, what differs."""
    listed = found.get("attributes") or {}
    born = enrollment.date_of_birth if enrollment is not None else None
    own_dob = born.isoformat() if born else ""
    own_country = enrollment.country if enrollment else ""
    own_name = ""
    if enrollment is not None:
        parts = (enrollment.given_name, enrollment.middle_name, enrollment.family_name)
        own_name = " ".join(part for part in parts if part)
    rows = [
        ("Name", found["entry"], own_name, f"matched: {found['how']}"),
        (
            "Date of birth",
            listed.get("dateOfBirth", ""),
            own_dob,
            _verdict(listed.get("dateOfBirth"), own_dob, missing_own="not given by the provider"),
        ),
        (
            "Country",
            listed.get("country", ""),
            own_country and f"{own_country} (address)",
            _verdict(listed.get("country"), own_country, missing_own="no address country"),
        ),
        ("Role or reason", listed.get("role", ""), "", ""),
        ("Source list", listed.get("sourceList", ""), "", ""),
        ("Listed on", listed.get("listedOn", ""), "", ""),
    ]
    differs = [row[0].lower() for row in rows if row[3] == "differs"]
    return {
        "label": SIGNAL_LABELS.get(key, key),
        "entry": found["entry"],
        # A near match's similarity (0 to 100, risk.near_names); None for the same name.
        "similarity": found.get("similarity"),
        "rows": rows,
        "summary": (
            f"The {' and '.join(differs)} {'differ' if len(differs) > 1 else 'differs'}: "
            "possibly a namesake."
            if differs
            else "Nothing on the entry differs from the participant."
        ),
    }


def _list_matches(assessment, matches: dict) -> list[dict]:
    names = [key for key in NAME_SIGNALS if key in matches]
    if not names:
        return []
    enrollment = Enrollment.objects.filter(
        provider_id=assessment.provider_id, participant_id=assessment.participant_id
    ).first()
    return [_against_the_person(key, matches[key], enrollment) for key in names]


def case_file(assessment) -> CaseFile:
    snapshots = assessment.rules or []
    rules = selectors.rules_by_id([s["ruleID"] for s in snapshots])
    matches = getattr(assessment, "signal_matches", None) or {}
    # Group the fired rules of each threshold check (same condition and window); each group
    # is one line where its first rule fired.
    groups: dict[tuple, list] = {}
    order: list = []
    for snapshot in snapshots:
        rule = rules.get(snapshot["ruleID"])
        condition, window = _condition(snapshot, rule)
        key = (condition, window) if condition in THRESHOLD_CONDITIONS else snapshot["ruleID"]
        if key not in groups:
            order.append(key)
        groups.setdefault(key, []).append((snapshot, rule))
    rows = []
    for key in order:
        group = groups[key]
        rows.append(_tiered(group, matches) if len(group) > 1 else _row(*group[0], matches))
    terms = [(row.points, row.name) for row in rows if row.counted and row.points]
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
        list_matches=_list_matches(assessment, matches),
    )
