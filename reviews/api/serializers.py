"""Review shapes in the contract's field names: request bodies, and the schema of the
responses `reviews.rendering` builds (risk assessments and device observations:
`risk/api/serializers.py`)."""

from datetime import timedelta

from django.utils import timezone
from rest_framework import serializers

from api.devices import DeviceContextSerializer
from api.serializers import AmountSerializer, OmitEmptySerializer, ProblemSerializer
from common.errors import BadRequest
from participants.api.serializers import ActorSerializer
from participants.models import ReasonCode
from payments.models import PayoutStatus
from reviews.models import ParticipantReview, PaymentReview, ReviewCommand
from risk.api.serializers import RiskAssessmentSerializer

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


# How far from now a reported sign-in may be: a report up to a day late still counts in the
# engine's windows; one ahead by more than a clock's drift is a mistake.
SIGN_IN_REPORTED_WITHIN = timedelta(hours=24)
CLOCK_DRIFT = timedelta(minutes=5)


class SignInSerializer(serializers.Serializer):
    device = DeviceContextSerializer(
        help_text="What the provider saw of the device and network the participant signed in "
        "with (every field optional; `{}` when nothing was seen)."
    )
    signedInOn = serializers.DateTimeField(
        required=False,
        help_text="When the participant signed in: within the last 24 hours; default now. A "
        "time up to five minutes ahead (clock drift) is taken as now.",
    )

    def validate_signedInOn(self, value):
        now = timezone.now()
        if value > now + CLOCK_DRIFT:
            raise serializers.ValidationError("The sign-in time must not be in the future.")
        if value < now - SIGN_IN_REPORTED_WITHIN:
            raise serializers.ValidationError("The sign-in time must be within the last 24 hours.")
        return min(value, now)


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


# ---- accepted-later (202) commands --------------------------------------------------------


class ReviewCommandSerializer(OmitEmptySerializer):
    """A command a 202 accepted (an open or an assignment of a participant review) and its
    outcome once applied; optional fields that are unknown are absent."""

    commandID = serializers.CharField(help_text="The X-Command-ID of the 202 that accepted it")
    command = serializers.ChoiceField(choices=ReviewCommand.Kind.choices)
    status = serializers.ChoiceField(
        choices=ReviewCommand.Status.choices,
        help_text="pending until applied; then applied, or rejected (see problem)",
    )
    idempotencyKey = serializers.CharField(
        required=False, help_text="The X-Idempotency-Key it was accepted under"
    )
    reviewID = serializers.CharField(
        required=False,
        help_text="The review it concerns: the one assigned, or the one an open opened or "
        "added to (once applied); omitted until known",
    )
    createdOn = serializers.DateTimeField(help_text="When it was accepted")
    appliedOn = serializers.DateTimeField(
        required=False, help_text="When it was applied or rejected; omitted while pending"
    )
    problem = ProblemSerializer(
        required=False,
        help_text="Present when rejected: the problem the request would have answered had it "
        "been applied at once",
    )


class ReviewCommandEnvelopeSerializer(serializers.Serializer):
    command = ReviewCommandSerializer()


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


class SignInAssessmentSerializer(serializers.Serializer):
    assessment = RiskAssessmentSerializer(
        help_text="The sign-in's risk assessment, as the participant's risk-assessment list "
        "shows it; reviewIDs names the participant review a review or deny decision opened "
        "or added to."
    )
