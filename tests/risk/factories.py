"""Risk assessments and device observations for tests, written directly: the engine's own
path is exercised by the tests that run it."""

from datetime import timedelta

from django.utils import timezone

from risk.models import DeviceObservation, RiskAssessment
from tests.payments.factories import enroll, make_payment


def assessment(
    *, provider_id: str, participant_id: str, payment=None, event=None, **fields
) -> RiskAssessment:
    event = event or (RiskAssessment.Event.PAYMENT if payment else RiskAssessment.Event.SIGNUP)
    defaults = {"decision": "review", "level": "high", "score": 62.0}
    return RiskAssessment.objects.create(
        provider_id=provider_id,
        participant_id=participant_id,
        payment=payment,
        event=event,
        **{**defaults, **fields},
    )


def observed_payment(provider, *, timed=3, untimed=1):
    """A payout with an assessment that observed `timed` dated devices and `untimed` others."""
    payout = make_payment(enroll(provider))
    found = assessment(
        provider_id=provider.pk, participant_id=payout.initiator_participant_id, payment=payout
    )
    now = timezone.now()
    for n in range(timed):
        DeviceObservation.objects.create(
            assessment=found,
            observed_on=now - timedelta(minutes=n),
            device_type="mobile",
            model=f"Pixel {n}",
            os="Android",
            os_version="15",
            city="Lagos",
            region="LA",
        )
    for _ in range(untimed):
        DeviceObservation.objects.create(assessment=found, device_type="desktop")
    return payout, found
