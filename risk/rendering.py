"""What a provider sees of risk assessments and device observations, as plain dicts with
datetimes left for the JSON encoder: one builder per resource; `risk/api/serializers.py`
keeps the schema serializers describing the same shapes, and the tests check both agree.
Optional unknowns are absent, never null."""

from common.rendering import put
from risk.models import DeviceObservation, RiskAssessment


def render_risk_assessment(assessment: RiskAssessment, review_ids: list[str]) -> dict:
    """A risk assessment as the provider sees it (a recorded score of 0 is a real score)."""
    data = {"assessmentID": assessment.pk}
    put(data, "participantID", assessment.participant_id)
    put(data, "paymentID", assessment.payment_id)
    data["assessedOn"] = assessment.assessed_on
    data["decision"] = assessment.decision
    put(data, "level", assessment.level)
    put(data, "score", assessment.score)
    put(data, "reasons", list(assessment.reasons) or None)
    if assessment.signals:
        data["customerEvidence"] = {"signals": assessment.signals}
    evidence = {}
    put(evidence, "level", assessment.transaction_level)
    put(evidence, "amlLevel", assessment.aml_level)
    put(data, "transactionEvidence", evidence or None)
    rules = [
        {key: rule[key] for key in ("ruleID", "name", "isLive", "isAllowlisted")}
        for rule in assessment.rules
    ]
    put(data, "rules", rules or None)
    put(data, "reviewIDs", list(review_ids) or None)
    return data


def render_device_observation(observation: DeviceObservation) -> dict:
    data: dict = {}
    put(data, "observedOn", observation.observed_on)
    put(data, "deviceType", observation.device_type)
    put(data, "model", observation.model)
    put(data, "os", observation.os)
    put(data, "osVersion", observation.os_version)
    location: dict = {}
    put(location, "city", observation.city)
    put(location, "region", observation.region)
    put(data, "location", location or None)
    return data
