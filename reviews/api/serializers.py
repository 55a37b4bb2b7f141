"""Review and risk shapes in the contract's field names: request bodies, and the schema of
the responses (`reviews.rendering` builds the reviews; the risk builders are below)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import AmountSerializer, OmitEmptySerializer
from common.errors import BadRequest
from participants.api.serializers import ActorSerializer
from participants.models import ReasonCode
from payments.models import PayoutStatus
from reviews.models import (
    DeviceObservation,
    EvidenceLevel,
    Level,
    ParticipantReview,
    PaymentReview,
    RiskAssessment,
    RiskRule,
)

# ---- request bodies --------------------------------------------------------------------


class OpenReviewSerializer(serializers.Serializer):
    participantID = serializers.CharField(max_length=255, help_text="participantID or externalID")
    reason = serializers.CharField(min_length=1, max_length=512, trim_whitespace=False)
    assessmentID = serializers.CharField(required=False, max_length=40)


class AssignmentSerializer(serializers.Serializer):
    assigneeUserID = serializers.CharField(max_length=64, help_text="Service user ID")
    expectedVersionID = serializers.CharField(max_length=64)


class SuspendFromReviewSerializer(serializers.Serializer):
    reason = serializers.CharField(min_length=1, max_length=512, trim_whitespace=False)
    reasonCode = serializers.ChoiceField(choices=ReasonCode.choices)
    expectedVersionID = serializers.CharField(max_length=64, help_text="The review versionID")
    expectedRelationshipVersionID = serializers.CharField(
        max_length=64, help_text="relationship.versionID from the same review-detail read"
    )


class ResolutionValueField(serializers.ChoiceField):
    """The contract answers an unrecognised resolution value with 400 (its status table), not
    the 422 of other body failures; a missing or null one is a 422 like any other field."""

    def to_internal_value(self, data):
        try:
            return super().to_internal_value(data)
        except serializers.ValidationError:
            raise BadRequest(
                "resolution must be approved or rejected.",
                errors=[{"pointer": "/resolution", "detail": "must be approved or rejected"}],
            ) from None


class PaymentReviewResolutionSerializer(serializers.Serializer):
    resolution = ResolutionValueField(
        choices=PaymentReview.RESOLUTIONS,
        help_text="An unrecognised value is answered with 400.",
    )
    notes = serializers.CharField(
        required=False, allow_blank=True, max_length=512, trim_whitespace=False
    )


# ---- participant reviews ---------------------------------------------------------------


class ResolvedByDisplaySerializer(OmitEmptySerializer):
    displayName = serializers.CharField()
    email = serializers.CharField(required=False)


class ResolutionSerializer(OmitEmptySerializer):
    action = serializers.ChoiceField(choices=ParticipantReview.Action.choices)
    reason = serializers.CharField()
    reasonCode = serializers.ChoiceField(choices=ReasonCode.choices, required=False)
    resolvedOn = serializers.DateTimeField()
    actor = ActorSerializer()
    resolvedByDisplay = ResolvedByDisplaySerializer(required=False)


class NoteSerializer(OmitEmptySerializer):
    text = serializers.CharField()
    createdOn = serializers.DateTimeField()
    actor = ActorSerializer()
    resolvedByDisplay = ResolvedByDisplaySerializer(required=False)


class ReviewRelationshipSerializer(serializers.Serializer):
    suspended = serializers.BooleanField()
    versionID = serializers.CharField(help_text="Opaque; not a relationship ID")


class ParticipantReviewSerializer(OmitEmptySerializer):
    reviewID = serializers.CharField()
    participantID = serializers.CharField()
    externalID = serializers.CharField()
    status = serializers.ChoiceField(choices=ParticipantReview.Status.choices)
    versionID = serializers.CharField()
    reason = serializers.CharField(required=False)
    assessmentIDs = serializers.ListField(child=serializers.CharField())
    assigneeUserID = serializers.CharField(required=False)
    createdOn = serializers.DateTimeField()
    resolution = ResolutionSerializer(required=False)


class ParticipantReviewDetailSerializer(ParticipantReviewSerializer):
    relationship = ReviewRelationshipSerializer()
    notes = NoteSerializer(many=True)


class ParticipantReviewListSerializer(serializers.Serializer):
    reviews = ParticipantReviewSerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()


class ParticipantReviewEnvelopeSerializer(serializers.Serializer):
    review = ParticipantReviewDetailSerializer()


# ---- payment reviews -------------------------------------------------------------------


class PayoutSummarySerializer(OmitEmptySerializer):
    payoutID = serializers.CharField()
    amount = AmountSerializer()
    recipientName = serializers.CharField(required=False)
    status = serializers.ChoiceField(choices=PayoutStatus.choices)


class PaymentReviewSerializer(OmitEmptySerializer):
    reviewID = serializers.CharField()
    status = serializers.ChoiceField(choices=PaymentReview.Status.choices)
    reason = serializers.CharField(required=False)
    riskAssessmentID = serializers.CharField(required=False)
    payout = PayoutSummarySerializer()
    createdOn = serializers.DateTimeField()
    resolvedOn = serializers.DateTimeField(required=False)


class PaymentReviewEnvelopeSerializer(serializers.Serializer):
    review = PaymentReviewSerializer()


# ---- risk assessments and device observations ------------------------------------------


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
