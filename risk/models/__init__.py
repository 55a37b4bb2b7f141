"""The risk engine's tables: its configuration (the thresholds row, rules, list and allowlist
entries) and what it recorded (assessments and the devices they observed).

Rules, lists and thresholds are rows an analyst edits in the admin; the engine reads them at
each assessment. The rules an assessment fired and the evidence it saw are stored on the
assessment as they were at assessment time (JSON snapshots), so a later change to a rule never
rewrites history.

These models moved here from the reviews app with their rows: their tables keep the names
they were created with (`db_table`), see docs/decisions/risk-app.md.

One module a job: `levels`, `policy`, `rules` (with the allowlist), `lists`, `assessments`
(with the devices observed), `changes` (the audit trail) and `backtests`. Every model and
public name is re-exported here, so `from risk.models import X` works and Django finds the
models through these imports.
"""

from risk.models.assessments import DeviceObservation, RiskAssessment, _assessment_id
from risk.models.backtests import BacktestRun, _run_id
from risk.models.changes import AUDITED, RiskChange
from risk.models.levels import LEVEL_ORDER, EvidenceLevel, Level
from risk.models.lists import RiskListEntry
from risk.models.policy import RiskPolicy
from risk.models.rules import RiskAllowlistEntry, RiskRule

__all__ = [
    "AUDITED",
    "LEVEL_ORDER",
    "BacktestRun",
    "DeviceObservation",
    "EvidenceLevel",
    "Level",
    "RiskAllowlistEntry",
    "RiskAssessment",
    "RiskChange",
    "RiskListEntry",
    "RiskPolicy",
    "RiskRule",
    "_assessment_id",
    "_run_id",
]
