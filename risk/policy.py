"""The engine's thresholds and what a score or amount means under them. The thresholds are
one row (`POLICY_ID`), made by a migration (risk.0003) and read by `risk.selectors`."""

from decimal import Decimal

from risk.models import EvidenceLevel, Level, RiskPolicy

POLICY_ID = 1


def ensure_policy(policy_model=RiskPolicy, *, using: str = "default") -> None:
    """Make the policy row with the model's defaults when there is none (a row that exists
    is left as analysts made it). For the migration that seeds it (its historical model) and
    for a database emptied by a flush (`risk.apps.policy_after_flush`), never for a read."""
    policy_model.objects.using(using).get_or_create(pk=POLICY_ID)


def level_for(score: float, policy: RiskPolicy) -> str:
    """The policy's band of a score: each band starts at its threshold (inclusive)."""
    if score >= policy.very_high_at_score:
        return Level.VERY_HIGH
    if score >= policy.high_at_score:
        return Level.HIGH
    if score >= policy.medium_at_score:
        return Level.MEDIUM
    return Level.LOW


def decision_for(score: float, policy: RiskPolicy) -> str:
    if score >= policy.deny_at_score:
        return "deny"
    if score >= policy.review_at_score:
        return "review"
    return "allow"


def aml_level_for(amount: Decimal, policy: RiskPolicy) -> str:
    """amlLevel of a payment by its amount (platform currency, major units)."""
    if amount >= policy.aml_high_amount:
        return EvidenceLevel.HIGH
    if amount >= policy.aml_medium_amount:
        return EvidenceLevel.MEDIUM
    return EvidenceLevel.LOW
