"""Hook point for the risk engine, owned here and filled by the reviews app.

Payments cannot import reviews (imports go one way), so reviews registers its assessor from
its `AppConfig.ready()`. With none registered every payment is allowed with a 0.0 score.

An assessor is called with the payment and, when the caller saw the device the payment was
made from, a `device` keyword (a `common.devices.Device`).
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass

logger = logging.getLogger(__name__)

DECISIONS = ("allow", "review", "deny")


@dataclass(frozen=True)
class RiskVerdict:
    decision: str  # "allow" | "review" | "deny"
    fraud_score: float = 0.0  # 0.0 to 1.0, sent in the authorize claim
    assessment_id: str | None = None
    reason: str | None = None

    def __post_init__(self):
        if self.decision not in DECISIONS:
            raise ValueError(f"decision must be one of {DECISIONS}, not {self.decision!r}")
        if not 0.0 <= self.fraud_score <= 1.0:
            raise ValueError("fraud_score must be from 0.0 to 1.0")


ALLOW = RiskVerdict(decision="allow")

_assessor: Callable[[object], RiskVerdict] | None = None


def register_assessor(fn: Callable[[object], RiskVerdict] | None) -> None:
    """Install the risk engine (one at a time; a later registration replaces the earlier;
    None removes it)."""
    global _assessor
    _assessor = fn


def registered_assessor() -> Callable[[object], RiskVerdict] | None:
    return _assessor


def assess(payment, device=None) -> RiskVerdict:
    """The verdict on a payment being created (called inside the creation transaction)."""
    if _assessor is None:
        return ALLOW
    if device is None:
        return _assessor(payment)
    return _assessor(payment, device=device)
