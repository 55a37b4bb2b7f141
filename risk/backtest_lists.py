"""What a draft list entry, new or changed, would have done (see `risk.backtest`): the signal
it feeds is given its draft level on every stored assessment it would have matched, and every
signal rule on that signal is replayed with it. Writes nothing.

Two sources of matches. The assessments whose recorded match was the saved entry get the
draft's level (`low` when the draft no longer lists the same value). The participants whose
profile holds the draft's value (`risk.list_matches`, read from their current record: the
profile at the time of an assessment is not stored) get the riskier of their recorded level
and the draft's, as the riskiest value counts when signals are read; a broader domain or
prefix is counted even where a more specific entry set the recorded level, so the report
leans to what the draft could raise. The report says the current profiles were read."""

from datetime import datetime, timedelta

from risk.backtest import Bound, rescore, stored_assessments
from risk.backtest_outcomes import Report, tally
from risk.list_keys import match_key
from risk.list_matches import parties_listed_by
from risk.models import LEVEL_ORDER, EvidenceLevel, RiskListEntry, RiskPolicy, RiskRule
from risk.signals import NEAR_LEVEL

SIGNAL_OF_KIND = {
    RiskListEntry.Kind.COUNTRY: "addressRiskLevel",
    RiskListEntry.Kind.EMAIL_DOMAIN: "emailDomainLevel",
    RiskListEntry.Kind.EMAIL: "emailLevel",
    RiskListEntry.Kind.PHONE_PREFIX: "phoneLevel",
    RiskListEntry.Kind.SANCTIONED_NAME: "sanctionLevel",
    RiskListEntry.Kind.PEP_NAME: "pepLevel",
}


def _key(entry: RiskListEntry) -> str:
    return match_key(entry.kind, entry.value)


def _same(entry: RiskListEntry, other: RiskListEntry) -> bool:
    return entry.kind == other.kind and _key(entry) == _key(other)


def _level_after(match: dict, draft_level: str | None) -> str:
    """The level a recorded match of the saved entry reads as with the draft (None: the draft
    lists another value): a near match stays NEAR_LEVEL while the draft is rated that high."""
    if draft_level is None:
        return EvidenceLevel.LOW
    if match.get("similarity") is None:
        return draft_level
    near = LEVEL_ORDER.index(draft_level) >= LEVEL_ORDER.index(NEAR_LEVEL)
    return NEAR_LEVEL if near else EvidenceLevel.LOW


def _riskier(first: str, second: str) -> str:
    return max(first, second, key=LEVEL_ORDER.index)


def _recorded(row, key: str) -> str | None:
    return next((s["value"] for s in row.signals or [] if s["key"] == key), None)


def signal_rules(saved_entry: RiskListEntry | None, draft_entry: RiskListEntry):
    """The rules an entry's change is replayed with: every rule on the signal it feeds."""
    keys = {SIGNAL_OF_KIND[entry.kind] for entry in (saved_entry, draft_entry) if entry}
    return RiskRule.objects.filter(
        condition=RiskRule.Condition.SIGNAL_AT_LEAST, signal_key__in=keys
    )


def backtest_list_entry(
    *,
    saved_entry: RiskListEntry | None,
    draft_entry: RiskListEntry,
    policy: RiskPolicy,
    days: int = 30,
    now: datetime,
    bound: Bound | None = None,
) -> Report:
    report = Report(days=days)
    draft_key = SIGNAL_OF_KIND[draft_entry.kind]
    saved_key = SIGNAL_OF_KIND[saved_entry.kind] if saved_entry else None
    listed = _key(saved_entry) if saved_entry else None
    same = saved_entry is not None and _same(saved_entry, draft_entry)
    # A level change of the same value matches whom it matched; a new value is looked up.
    newly = set()
    if not same:
        since = now - timedelta(days=days)
        newly = parties_listed_by(draft_entry.kind, draft_entry.value, assessed_since=since)
    report.read_current_profiles = not same
    rules = list(signal_rules(saved_entry, draft_entry))
    for row in stored_assessments(days, now, bound):
        levels = {}
        match = row.signal_matches.get(saved_key) if saved_key else None
        if match and match_key(saved_entry.kind, str(match.get("entry", ""))) == listed:
            levels[saved_key] = _level_after(match, draft_entry.level if same else None)
        if row.party in newly:
            recorded = levels.get(draft_key, _recorded(row, draft_key))
            if recorded is not None:
                levels[draft_key] = _riskier(recorded, draft_entry.level)
        if not levels:
            report.replayed += 1
            continue
        signals = [
            {**signal, "value": levels[signal["key"]]} if signal["key"] in levels else signal
            for signal in row.signals or []
        ]
        before = rescore(row, rules, policy)
        after = rescore(row, rules, policy, signals=signals)
        tally(report, row, before, after)
    return report
