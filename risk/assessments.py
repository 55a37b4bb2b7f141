"""Record a risk assessment at an event: evaluate the rules for the subject, store the result
with what it saw, and the device observed. Acting on the decision (opening a review) is the
caller's business (`reviews.screening`).
"""

from datetime import datetime

from common.devices import Device
from common.statements import insert_row
from common.verdicts import RiskVerdict
from risk import engine
from risk.models import DeviceObservation, RiskAssessment
from risk.signals import matches_of, profile_of, read_signals, review_reason
from risk.subject import Subject


def assess(event: str, enrollment, *, at: datetime, payment=None, device=None) -> RiskAssessment:
    """The assessment of the enrollment's participant at `event` (a `RiskAssessment.Event`),
    recorded; with the device observed when one is given."""
    profile = profile_of(enrollment)
    read = read_signals(profile)
    matches = matches_of(read)
    subject = Subject(
        event=event,
        at=at,
        enrollment=enrollment,
        signals={key: signal.level for key, signal in read.items()},
        payment=payment,
        device=device,
        phones=profile.phones,
        review_reason=review_reason(matches),
    )
    result = engine.evaluate(subject)
    assessment = RiskAssessment(
        event=event,
        provider_id=enrollment.provider_id,
        participant_id=enrollment.participant_id,
        payment=payment,
        assessed_on=at,
        decision=result.decision,
        level=result.level,
        score=result.score,
        reasons=result.reasons,
        signals=result.signals,
        signal_matches=matches,
        transaction_level=result.transaction_level,
        aml_level=result.aml_level,
        rules=result.rules,
    )
    insert_row(assessment)
    if device is not None:
        _observe(assessment, device, at)
    return assessment


def _observe(assessment: RiskAssessment, device: Device, at: datetime) -> DeviceObservation:
    return DeviceObservation.objects.create(
        assessment=assessment,
        observed_on=at,
        device_type=device.device_type,
        model=device.model,
        os=device.os,
        os_version=device.os_version,
        city=device.city,
        region=device.region,
        device_id=device.device_id,
        ip_address=device.ip_address or None,
        network=device.network,
        user_agent=device.user_agent,
    )


def reason_of(assessment: RiskAssessment) -> str:
    """Why, in one line: the counted rules' reasons, else the score."""
    return "; ".join(assessment.reasons) or f"Risk score {assessment.score:g}"


def verdict_of(assessment: RiskAssessment) -> RiskVerdict:
    """What the hook answers the app that asked."""
    return RiskVerdict(
        decision=assessment.decision,
        fraud_score=assessment.score / 100,
        assessment_id=assessment.pk,
        reason=reason_of(assessment),
    )
