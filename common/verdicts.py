"""What the risk engine answers a lower app that asked about a signup or a payment: one
verdict type for both hooks (`participants.risk`, `payments.risk`). Signup reads only the
decision and the assessment; payments also send the score in the authorize claim and use the
reason when they deny."""

from dataclasses import dataclass

DECISIONS = ("allow", "review", "deny")


@dataclass(frozen=True)
class RiskVerdict:
    decision: str  # "allow" | "review" | "deny"
    fraud_score: float = 0.0  # 0.0 to 1.0
    assessment_id: str | None = None
    reason: str | None = None

    def __post_init__(self):
        if self.decision not in DECISIONS:
            raise ValueError(f"decision must be one of {DECISIONS}, not {self.decision!r}")
        if not 0.0 <= self.fraud_score <= 1.0:
            raise ValueError("fraud_score must be from 0.0 to 1.0")
