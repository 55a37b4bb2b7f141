"""Risk assessment and device observation shapes in the contract's field names: the schema
of the responses `risk.rendering` builds."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import OmitEmptySerializer
from risk.models import DeviceObservation, EvidenceLevel, Level, RiskAssessment, RiskRule


class SignalSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=RiskRule.SignalKey.choices)
    value = serializers.ChoiceField(choices=EvidenceLevel.choices)


class CustomerEvidenceSerializer(serializers.Serializer):
    signals = SignalSerializer(many=True)


class TransactionEvidenceSerializer(OmitEmptySerializer):
    level = serializers.ChoiceField(choices=EvidenceLevel.choices, required=False)
    amlLevel = serializers.ChoiceField(choices=EvidenceLevel.choices, required=False)


INT32_MAX = 2**31 - 1


@extend_schema_field({"type": "integer", "format": "int32", "minimum": 0, "maximum": INT32_MAX})
class Int32Field(serializers.IntegerField):
    """An integer int32: the schema names the format (drf-spectacular only names int64)."""

    def __init__(self, **kwargs):
        super().__init__(min_value=0, max_value=INT32_MAX, **kwargs)


class FiredRuleSerializer(serializers.Serializer):
    ruleID = Int32Field()
    name = serializers.CharField()
    isLive = serializers.BooleanField()
    isAllowlisted = serializers.BooleanField()


class RiskAssessmentSerializer(OmitEmptySerializer):
    assessmentID = serializers.CharField()
    participantID = serializers.CharField(required=False)
    paymentID = serializers.CharField(required=False)
    assessedOn = serializers.DateTimeField()
    decision = serializers.ChoiceField(choices=RiskAssessment.Decision.choices)
    level = serializers.ChoiceField(choices=Level.choices, required=False)
    score = serializers.FloatField(
        required=False, min_value=0, max_value=100, help_text="A recorded 0 is a real score"
    )
    reasons = serializers.ListField(child=serializers.CharField(), required=False)
    customerEvidence = CustomerEvidenceSerializer(required=False)
    transactionEvidence = TransactionEvidenceSerializer(required=False)
    rules = FiredRuleSerializer(many=True, required=False)
    reviewIDs = serializers.ListField(child=serializers.CharField(), required=False)


class RiskAssessmentListSerializer(serializers.Serializer):
    assessments = RiskAssessmentSerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()


class LocationSerializer(OmitEmptySerializer):
    city = serializers.CharField(required=False)
    region = serializers.CharField(required=False)


class DeviceObservationSerializer(OmitEmptySerializer):
    observedOn = serializers.DateTimeField(required=False)
    deviceType = serializers.ChoiceField(
        choices=DeviceObservation.DeviceType.choices, required=False
    )
    model = serializers.CharField(required=False)
    os = serializers.CharField(required=False)
    osVersion = serializers.CharField(required=False)
    location = LocationSerializer(required=False)


class DeviceObservationListSerializer(serializers.Serializer):
    observations = DeviceObservationSerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()
