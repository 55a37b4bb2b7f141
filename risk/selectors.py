"""Reads of risk assessments and device observations, always starting from the provider.

A provider sees a participant's signup and sign-in assessments and, of the rest, only those
of its own activity (the assessments its own payments produced)."""

from datetime import datetime

from django.db.models import F, Q, QuerySet

from common.errors import NotFound
from common.statements import CompiledRead
from payments.selectors import visible_payments
from risk.models import (
    AUDITED,
    DeviceObservation,
    RiskAllowlistEntry,
    RiskAssessment,
    RiskChange,
    RiskPolicy,
    RiskRule,
)
from risk.policy import POLICY_ID

_ACCOUNT_EVENTS = (RiskAssessment.Event.SIGNUP, RiskAssessment.Event.SIGN_IN)


def visible_assessments(provider_id: str, participant_id: str) -> QuerySet[RiskAssessment]:
    return RiskAssessment.objects.filter(
        Q(event__in=_ACCOUNT_EVENTS) | Q(provider_id=provider_id),
        participant_id=participant_id,
    )


def visible_assessment(provider_id: str, participant_id: str, assessment_id: str) -> bool:
    return visible_assessments(provider_id, participant_id).filter(pk=assessment_id).exists()


def assessment_of_payment(provider_id: str, payment_id: str, assessment_id: str):
    """The assessment, when the payment is one the provider sees and the assessment is of it
    and the provider's own (as a payment's assessmentIDs are shown only to the initiating
    provider); NotFound in every other case."""
    if not visible_payments(provider_id).filter(pk=payment_id).exists():
        raise NotFound("No payment with that ID exists for this provider.")
    assessment = RiskAssessment.objects.filter(
        pk=assessment_id, payment_id=payment_id, provider_id=provider_id
    ).first()
    if assessment is None:
        raise NotFound("No risk assessment with that ID exists for this payment.")
    return assessment


def device_observations(assessment: RiskAssessment | str) -> QuerySet[DeviceObservation]:
    """The assessment's (a row or its ID): newest observedOn first; with no time last."""
    return DeviceObservation.objects.filter(assessment=assessment).order_by(
        F("observed_on").desc(nulls_last=True), "-id"
    )


# ---- reads the risk engine makes --------------------------------------------------------


def sign_in_count(*, participant_id: str, since, until) -> int:
    """The participant's recorded sign-ins (at any provider) from `since` up to `until`."""
    return RiskAssessment.objects.filter(
        participant_id=participant_id,
        event=RiskAssessment.Event.SIGN_IN,
        assessed_on__gte=since,
        assessed_on__lte=until,
    ).count()


def device_id_seen(*, participant_id: str, device_id: str) -> bool:
    """Whether an earlier assessment of the participant observed this device identifier."""
    return DeviceObservation.objects.filter(
        device_id=device_id, assessment__participant_id=participant_id
    ).exists()


def device_seen(*, participant_id: str, device_type: str, model: str, os: str) -> bool:
    """Whether an earlier assessment of the participant observed a device that says it is
    this one (type, model and OS; case ignored), with or without an identifier."""
    return DeviceObservation.objects.filter(
        assessment__participant_id=participant_id,
        device_type=device_type,
        model__iexact=model,
        os__iexact=os,
    ).exists()


# The screening's reads of the risk configuration, made by every assessment: compiled once.
_ALLOWLISTED = CompiledRead(
    lambda participant_id, at: (
        RiskAllowlistEntry.objects.filter(participant_id=participant_id)
        .filter(Q(expires_on__isnull=True) | Q(expires_on__gt=at))
        .only("rule_id")
    ),
    str,
    datetime,
)
_POLICY = CompiledRead(lambda policy_id: RiskPolicy.objects.filter(pk=policy_id), int)
_ENABLED = {
    event: CompiledRead(
        lambda flag=flag: RiskRule.objects.filter(enabled=True, **{flag: True}).order_by("rule_id")
    )
    for event, flag in (
        (RiskAssessment.Event.SIGNUP, "on_signup"),
        (RiskAssessment.Event.SIGN_IN, "on_sign_in"),
        (RiskAssessment.Event.PAYMENT, "on_payment"),
    )
}


def allowlisted_rule_ids(*, participant_id: str, at) -> tuple[bool, set[int]]:
    """(every rule allowlisted, the IDs of the rules allowlisted) for the participant at `at`;
    an entry counts until its expiry."""
    rule_ids = {entry.rule_id for entry in _ALLOWLISTED.all(participant_id, at)}
    return None in rule_ids, {rule_id for rule_id in rule_ids if rule_id is not None}


def get_policy() -> RiskPolicy:
    """The thresholds row (made by the risk.0003 migration; never written by a read)."""
    policy = _POLICY.first(POLICY_ID)
    if policy is None:
        raise RiskPolicy.DoesNotExist("The risk policy row is missing (migration risk.0003).")
    return policy


def rules_by_id(rule_ids) -> dict[int, RiskRule]:
    """The rules that still exist among `rule_ids` (a snapshot may name a deleted one)."""
    return {rule.rule_id: rule for rule in RiskRule.objects.filter(rule_id__in=list(rule_ids))}


def enabled_rules(event: str) -> list[RiskRule]:
    """The rules evaluated at this event, in ruleID order."""
    return _ENABLED[event].all()


# ---- the configuration's audit trail ----------------------------------------------------


def changes_of(obj) -> QuerySet[RiskChange]:
    """The recorded changes of a policy, rule, list or allowlist entry, newest first."""
    return RiskChange.objects.filter(kind=AUDITED[type(obj)], subject=str(obj.pk)).order_by(
        "-created_on", "-id"
    )
