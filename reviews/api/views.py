"""Review and risk endpoints as viewsets: parse, authorize, call one service or selector,
serialize."""

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from api import idempotency, scopes
from api.devices import device_from
from api.filters import ProviderFilterBackend
from api.pagination import Keyset
from api.validation import validated
from api.views import ProviderViewSet
from participants.api.base import ParticipantPath
from participants.selectors import get_enrollment
from reviews import rendering, screening
from reviews.api import docs
from reviews.api import serializers as s
from reviews.api.filters import ParticipantReviewFilterSet
from reviews.models import ParticipantReview, ReviewCommand
from reviews.selectors import assessment_reviews
from reviews.selectors import commands as command_selectors
from reviews.selectors import participant_reviews as review_selectors
from reviews.services import commands
from reviews.services import participant_reviews as review_services
from reviews.services import payment_reviews as payment_review_services
from risk import rendering as risk_rendering
from risk import selectors as risk_selectors
from risk.api import serializers as risk_serializers

ACCEPTED = OpenApiResponse(
    description="Accepted: applied later. The body is not defined and must not be relied on; "
    "X-Command-ID names the command and Location is where to read its state."
)
COMMAND_ID_HEADER = "X-Command-ID"
# The 202's headers (the body stays as the contract leaves it), replayed with it.
ACCEPTED_HEADERS = [
    OpenApiParameter(
        COMMAND_ID_HEADER,
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        response=[202],
        required=True,
        description="The accepted command's ID (the `commandID` of its `command.*` event).",
    ),
    OpenApiParameter(
        "Location",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        response=[202],
        required=True,
        description="The command's state to poll: /providers/{providerID}/review-commands/"
        "{commandID}.",
    ),
]
COMMAND_LINK = {
    "GetReviewCommand": ("getReviewCommand", {"commandID": f"$response.header.{COMMAND_ID_HEADER}"})
}


def _accepted(command: ReviewCommand) -> Response:
    """A 202 naming the command and where to follow it."""
    location = reverse(
        "review-command-detail",
        kwargs={"providerID": command.provider_id, "commandID": command.pk},
    )
    return Response(
        status=status.HTTP_202_ACCEPTED,
        headers={COMMAND_ID_HEADER: command.pk, "Location": location},
    )


# /participant-reviews, /participant-reviews/{reviewID}, its assignment and suspensions.
@docs.PARTICIPANT_REVIEWS
class ParticipantReviewViewSet(ProviderViewSet):
    replica_actions = ("list",)
    lookup_url_kwarg = "reviewID"
    required_scopes = {
        "list": (scopes.PARTICIPANT_REVIEWS_READ,),
        "create": (scopes.PARTICIPANT_REVIEWS_WRITE,),
        "retrieve": (scopes.PARTICIPANT_REVIEWS_READ,),
        "assign": (scopes.PARTICIPANT_REVIEWS_WRITE,),
        "suspend": (scopes.PARTICIPANT_REVIEWS_WRITE, scopes.RELATIONSHIPS_WRITE),
    }
    idempotent_actions = ("create", "assign", "suspend")
    problem_responses = {
        "list": (422,),
        "create": (404, 409, 422),
        "retrieve": (404,),
        "assign": (404, 409, 422),
        "suspend": (404, 409, 422),
    }
    queryset = ParticipantReview.objects.none()  # the model the schema's filters are typed from
    filter_backends = [ProviderFilterBackend]
    filterset_class = ParticipantReviewFilterSet
    envelope_key = "reviews"
    cursor_scope_name = "participant-reviews"
    response_links = {"create": COMMAND_LINK, "assign": COMMAND_LINK}

    @extend_schema(
        operation_id="listParticipantReviews",
        responses={200: s.ParticipantReviewListSerializer},
    )
    def list(self, request, providerID):
        filters = self.query_filterset().review_filters()
        self.cursor_filters = filters.binding()
        page = self.paginate_queryset(review_selectors.list_reviews(self.provider_id, filters))
        return self.get_paginated_response([rendering.render_participant_review(r) for r in page])

    @extend_schema(
        operation_id="openParticipantReview",
        request=s.OpenReviewSerializer,
        responses={202: ACCEPTED},
        parameters=ACCEPTED_HEADERS,
    )
    def create(self, request, providerID):
        data = validated(s.OpenReviewSerializer, request.data)
        enrollment = get_enrollment(self.provider_id, data["participantID"])
        command = commands.accept_open(
            enrollment=enrollment,
            reason=data["reason"],
            assessment_id=data.get("assessmentID"),
            actor=self.principal.actor,
            idempotency_key=idempotency.read_key(request),
        )
        return _accepted(command)

    @extend_schema(
        operation_id="getParticipantReview",
        responses={200: s.ParticipantReviewEnvelopeSerializer},
    )
    def retrieve(self, request, providerID, reviewID):
        review = review_selectors.get_review(self.provider_id, reviewID)
        return Response({"review": rendering.render_participant_review_detail(review)})

    @extend_schema(
        operation_id="assignParticipantReview",
        request=s.AssignmentSerializer,
        responses={202: ACCEPTED},
        parameters=ACCEPTED_HEADERS,
    )
    @action(detail=True, methods=["put"], url_path="assignment")
    def assign(self, request, providerID, reviewID):
        review = review_selectors.get_review(self.provider_id, reviewID)
        data = validated(s.AssignmentSerializer, request.data)
        command = commands.accept_assign(
            review=review,
            provider_assignee_id=data["assigneeUserID"],
            expected_version_id=data["expectedVersionID"],
            actor=self.principal.actor,
            idempotency_key=idempotency.read_key(request),
        )
        return _accepted(command)

    @extend_schema(
        operation_id="suspendFromParticipantReview",
        request=s.SuspendFromReviewSerializer,
        responses={201: s.ParticipantReviewEnvelopeSerializer},
    )
    @action(detail=True, methods=["post"], url_path="suspensions")
    def suspend(self, request, providerID, reviewID):
        review = review_selectors.get_review(self.provider_id, reviewID)
        data = validated(s.SuspendFromReviewSerializer, request.data)
        review_services.suspend_from_review(
            provider_id=self.provider_id,
            review_id=review.pk,
            reason=data["reason"],
            reason_code=data["reasonCode"],
            expected_version_id=data["expectedVersionID"],
            expected_relationship_version_id=data["expectedRelationshipVersionID"],
            actor=self.principal.actor,
        )
        review = review_selectors.get_review(self.provider_id, review.pk)
        return Response(
            {"review": rendering.render_participant_review_detail(review)},
            status=status.HTTP_201_CREATED,
        )


# /review-commands/{commandID}: a 202 command's state, where its Location points.
@docs.REVIEW_COMMANDS
class ReviewCommandViewSet(ProviderViewSet):
    lookup_url_kwarg = "commandID"
    # Read like the reviews the commands change.
    required_scopes = {"retrieve": (scopes.PARTICIPANT_REVIEWS_READ,)}
    problem_responses = {"retrieve": (404,)}

    @extend_schema(
        operation_id="getReviewCommand",
        description="The state of a command a 202 accepted (its Location): pending until "
        "applied, then applied or rejected with the problem. The command.applied and "
        "command.rejected events report the same outcome.",
        responses={200: s.ReviewCommandEnvelopeSerializer},
    )
    def retrieve(self, request, providerID, commandID):
        command = command_selectors.get_command(self.provider_id, commandID)
        return Response({"command": rendering.render_review_command(command)})


# /reviews/{reviewID}/resolutions: a payment review's resolution.
@docs.PAYMENT_REVIEWS
class PaymentReviewViewSet(ProviderViewSet):
    lookup_url_kwarg = "reviewID"
    required_scopes = {"resolve": (scopes.PAYMENT_REVIEWS_WRITE,)}
    optionally_idempotent_actions = ("resolve",)
    problem_responses = {"resolve": (404, 409, 422)}

    @extend_schema(
        operation_id="resolvePaymentReview",
        request=s.PaymentReviewResolutionSerializer,
        responses={201: s.PaymentReviewEnvelopeSerializer},
    )
    @action(detail=True, methods=["post"], url_path="resolutions")
    def resolve(self, request, providerID, reviewID):
        data = validated(s.PaymentReviewResolutionSerializer, request.data)
        review = payment_review_services.resolve_payment_review(
            provider_id=self.provider_id,
            review_id=reviewID,
            resolution=data["resolution"],
            notes=data.get("notes", ""),
            actor=self.principal.actor,
        )
        return Response(
            {"review": rendering.render_payment_review(review)}, status=status.HTTP_201_CREATED
        )


SIGN_IN_EXAMPLES = [
    OpenApiExample(
        "A sign-in from a phone",
        request_only=True,
        value={
            "device": {
                "deviceID": "inst-7f3a9c",
                "ipAddress": "203.0.113.7",
                "userAgent": "Wallet/4.2 (iPhone; iOS 18.1)",
                "deviceType": "mobile",
                "model": "iPhone 15",
                "os": "iOS",
                "osVersion": "18.1",
                "location": {"city": "San Francisco", "region": "CA"},
            },
            "signedInOn": "2026-11-02T09:30:00Z",
        },
    ),
    OpenApiExample(
        "A new device: allowed, scored",
        response_only=True,
        status_codes=["201"],
        value={
            "assessment": {
                "assessmentID": "ra_01JC8X4T7Q3W5N2M6V9B0K1P8R",
                "participantID": "usr_01JC8X2M0P4T6S8V1X3Z5B7D9F_user",
                "assessedOn": "2026-11-02T09:30:00Z",
                "decision": "allow",
                "level": "medium",
                "score": 30.0,
                "reasons": ["New device: inst-7f3a9c (mobile iPhone 15 iOS)"],
                "rules": [
                    {"ruleID": 7, "name": "New device", "isLive": True, "isAllowlisted": False}
                ],
            }
        },
    ),
]


# /participants/{participantID}/sign-ins: a sign-in the provider saw, assessed.
class SignInViewSet(ParticipantPath, ProviderViewSet):
    # Recording activity of the participant is a participant write; the answer is the risk
    # assessment, which the risk-assessment list shows only to participant-review readers.
    required_scopes = {"create": (scopes.PARTICIPANTS_WRITE, scopes.PARTICIPANT_REVIEWS_READ)}
    idempotent_actions = ("create",)
    problem_responses = {"create": (404, 409, 422)}

    @extend_schema(
        operation_id="recordSignIn",
        summary="Record a participant's sign-in",
        description="Records that the participant signed in to the provider's app, with the "
        "device and network the provider saw, and assesses it with the risk rules for "
        "sign-ins (a new device, a burst of sign-ins, listed signals). A review or deny "
        "decision opens a participant review, or adds to the pending one; the sign-in itself "
        "is never refused. The assessment is listed afterwards with the participant's risk "
        "assessments. `device.deviceID` is what identifies the device: the same identifier on "
        "two participants links them for the provider's analysts, a model and OS alone do not.",
        tags=["Participants"],
        request=s.SignInSerializer,
        responses={201: s.SignInAssessmentSerializer},
        examples=SIGN_IN_EXAMPLES,
    )
    def create(self, request, providerID, participantID):
        data = validated(s.SignInSerializer, request.data)
        assessed = screening.assess_sign_in(
            self.enrollment, device=device_from(data["device"]), at=data.get("signedInOn")
        )
        review_ids = [assessed.review_id] if assessed.review_id else []
        return Response(
            {"assessment": risk_rendering.render_risk_assessment(assessed.assessment, review_ids)},
            status=status.HTTP_201_CREATED,
        )


# /participants/{participantID}/risk-assessments.
@docs.RISK_ASSESSMENTS
class RiskAssessmentViewSet(ParticipantPath, ProviderViewSet):
    replica_actions = ("list",)
    required_scopes = {"list": (scopes.PARTICIPANT_REVIEWS_READ,)}
    problem_responses = {"list": (404,)}
    keyset = Keyset(time_field="assessed_on", descending=False)
    envelope_key = "assessments"

    def cursor_scope(self) -> str:
        return f"participants/{self.enrollment.participant_id}/risk-assessments"

    @extend_schema(
        operation_id="listRiskAssessments",
        responses={200: risk_serializers.RiskAssessmentListSerializer},
    )
    def list(self, request, providerID, participantID):
        page = self.paginate_queryset(
            risk_selectors.visible_assessments(self.provider_id, self.enrollment.participant_id)
        )
        review_ids = assessment_reviews.review_ids_by_assessment(
            self.provider_id, [assessment.pk for assessment in page]
        )
        rendered = [
            risk_rendering.render_risk_assessment(assessment, review_ids.get(assessment.pk, []))
            for assessment in page
        ]
        return self.get_paginated_response(rendered)


# /payments/{paymentID}/risk-assessments/{assessmentID}/device-observations.
@docs.DEVICE_OBSERVATIONS
class DeviceObservationViewSet(ProviderViewSet):
    replica_actions = ("list",)
    # Both are required, also for a narrowed token (a token carries only what it was given).
    required_scopes = {"list": (scopes.SERVICE_DEVICES_READ, scopes.SERVICE_PAYMENTS_READ)}
    problem_responses = {"list": (404,)}
    keyset = Keyset(time_field="observed_on", nullable_time=True)
    envelope_key = "observations"

    def cursor_scope(self) -> str:
        path = self.kwargs
        return (
            f"payments/{path['paymentID']}/risk-assessments/{path['assessmentID']}"
            "/device-observations"
        )

    @extend_schema(
        operation_id="listDeviceObservations",
        responses={200: risk_serializers.DeviceObservationListSerializer},
    )
    def list(self, request, providerID, paymentID, assessmentID):
        assessment = risk_selectors.assessment_of_payment(self.provider_id, paymentID, assessmentID)
        page = self.paginate_queryset(risk_selectors.device_observations(assessment))
        rendered = [risk_rendering.render_device_observation(o) for o in page]
        return self.get_paginated_response(rendered)
