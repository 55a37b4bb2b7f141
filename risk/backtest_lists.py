"""What a draft change of a risk list entry would have done (see `risk.backtest`): the stored
assessments whose recorded match was this entry get its draft level for that signal (none,
`low`, when the draft no longer lists the same value), and every signal rule on that signal is
replayed with it. Writes nothing.

Only matches the assessments recorded are replayed: which stored profiles a new entry or a
new value would match is not recorded, so a new entry reports nothing and says so."""

from datetime import datetime

from risk.backtest import Report, rescore, stored_assessments, tally
from risk.models import EvidenceLevel, RiskListEntry, RiskPolicy, RiskRule

SIGNAL_OF_KIND = {
    RiskListEntry.Kind.COUNTRY: "addressRiskLevel",
    RiskListEntry.Kind.EMAIL_DOMAIN: "emailDomainLevel",
    RiskListEntry.Kind.EMAIL: "emailLevel",
    RiskListEntry.Kind.PHONE_PREFIX: "phoneLevel",
    RiskListEntry.Kind.SANCTIONED_NAME: "sanctionLevel",
    RiskListEntry.Kind.PEP_NAME: "pepLevel",
}


def _same(entry: RiskListEntry, other: RiskListEntry) -> bool:
    return entry.kind == other.kind and entry.value.lower() == other.value.lower()


def backtest_list_entry(
    *,
    saved_entry: RiskListEntry | None,
    draft_entry: RiskListEntry,
    policy: RiskPolicy,
    days: int = 30,
    now: datetime,
) -> Report:
    report = Report(days=days)
    if saved_entry is None:
        report.kept_as_recorded = True  # a new entry: no recorded match to replay
        return report
    key = SIGNAL_OF_KIND[saved_entry.kind]
    level = draft_entry.level if _same(saved_entry, draft_entry) else EvidenceLevel.LOW
    rules = list(
        RiskRule.objects.filter(condition=RiskRule.Condition.SIGNAL_AT_LEAST, signal_key=key)
    )
    listed = saved_entry.value.lower()
    for row in stored_assessments(days, now):
        match = row.signal_matches.get(key)
        if not match or str(match.get("entry", "")).lower() != listed:
            report.replayed += 1
            continue
        signals = [
            {**signal, "value": level} if signal["key"] == key else signal
            for signal in row.signals or []
        ]
        before = rescore(row, rules, policy)
        after = rescore(row, rules, policy, signals=signals)
        tally(report, row, before, after)
    return report
