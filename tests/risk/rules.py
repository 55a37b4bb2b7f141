"""Risk rules, list entries and subjects for the engine's tests. Each test states the rules
it needs (tests/risk/conftest.py starts every test with none)."""

import itertools
from decimal import Decimal

from django.utils import timezone

from risk.models import RiskAllowlistEntry, RiskAssessment, RiskListEntry, RiskRule
from risk.signals import customer_signals, profile_of
from risk.subject import Subject

_ids = itertools.count(1000)
EVENT_FLAGS = {"signup": "on_signup", "sign_in": "on_sign_in", "payment": "on_payment"}


def rule(
    condition: str,
    *,
    events=("payment",),
    points: int = 0,
    outcome: str = "none",
    live: bool = True,
    enabled: bool = True,
    threshold=None,
    window: int | None = None,
    signal: str = "",
    level: str = "",
    name: str | None = None,
) -> RiskRule:
    rule_id = next(_ids)
    return RiskRule.objects.create(
        rule_id=rule_id,
        name=name or f"{condition} {rule_id}",
        condition=condition,
        threshold=None if threshold is None else Decimal(str(threshold)),
        window_minutes=window,
        signal_key=signal,
        signal_level=level,
        points=points,
        outcome=outcome,
        is_live=live,
        enabled=enabled,
        **{flag: event in events for event, flag in EVENT_FLAGS.items()},
    )


def signal_rule(signal: str, level: str, **kwargs) -> RiskRule:
    return rule("signal_at_least", signal=signal, level=level, **kwargs)


def listed(kind: str, value: str, level: str) -> RiskListEntry:
    return RiskListEntry.objects.create(kind=kind, value=value, level=level)


def allowlist(enrollment, rule_=None, *, expires_on=None) -> RiskAllowlistEntry:
    return RiskAllowlistEntry.objects.create(
        participant_id=enrollment.participant_id,
        rule=rule_,
        reason="known customer",
        expires_on=expires_on,
    )


def subject(enrollment, *, event="payment", payment=None, device=None, at=None) -> Subject:
    return Subject(
        event=event,
        at=at or timezone.now(),
        enrollment=enrollment,
        signals=customer_signals(profile_of(enrollment)),
        payment=payment,
        device=device,
    )


def assessments_of(enrollment, event: str) -> list[RiskAssessment]:
    return list(
        RiskAssessment.objects.filter(
            participant_id=enrollment.participant_id, event=event
        ).order_by("assessed_on", "id")
    )
