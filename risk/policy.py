"""The engine's thresholds (one row, created on first read) and what a score or amount means."""

from decimal import Decimal

from django.db import IntegrityError, transaction

from risk.models import EvidenceLevel, Level, RiskPolicy

POLICY_ID = 1


def get_policy() -> RiskPolicy:
    """The policy row. The first read of a fresh database creates it with the model's
    defaults (the primary key is fixed, so racing first reads converge on one row)."""
    policy = RiskPolicy.objects.filter(pk=POLICY_ID).first()
    if policy is not None:
        return policy
    try:
        with transaction.atomic():
            return RiskPolicy.objects.create(pk=POLICY_ID)
    except IntegrityError:
        return RiskPolicy.objects.get(pk=POLICY_ID)


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
