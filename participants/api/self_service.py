"""A provider's own writes on a participant beside the contract's: adding a funding source and
correcting the details. Each viewset extends the contract's one for its path, so the router
keeps one route per path and the inherited operations stay as they are."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.response import Response

from api import scopes
from api.validation import validated
from participants import corrections, rendering, selectors, services
from participants.api import serializers as s
from participants.api.docs import NEW_PROFILE
from participants.api.views import FundingSourceViewSet, ParticipantViewSet

SOURCE_EXAMPLE = {
    "displayName": "Savings",
    "fundingType": "bank_account",
    "providerSourceID": "acct-43",
    "last4": "0043",
}
SOURCE_EXAMPLES = [
    OpenApiExample("A bank account", request_only=True, value=SOURCE_EXAMPLE),
    OpenApiExample(
        "The source as the list renders it",
        response_only=True,
        status_codes=["201"],
        value={
            "fundingSourceID": "fs_01JD7X3M0C9Q8R2W5T4V6Y8Z1A",
            **SOURCE_EXAMPLE,
            "createdOn": "2026-11-24T22:56:01.055400Z",
            "updatedOn": "2026-11-24T22:56:01.055400Z",
        },
    ),
]
CORRECTION_EXAMPLES = [
    OpenApiExample(
        "A new family name and phone",
        request_only=True,
        value={
            "expectedVersionID": "pXf3u0C2Rk6b8Z1yQm4aWg",
            "familyName": "Hopper-Murray",
            "phones": [{"countryCode": "1", "number": "2025550143"}],
        },
    ),
    OpenApiExample(
        "The participant as GET renders it",
        response_only=True,
        status_codes=["200"],
        value={
            "participantID": "usr_01M87WBX0V3FKWJ1PEK0D7VRXZ_user",
            "externalID": "cust-42",
            "givenName": "Grace",
            "familyName": "Hopper-Murray",
            "address": NEW_PROFILE["address"],
            "versionID": "Hq2cV0l7n3YtJ8sPZb1WeA",
            "phones": [
                {
                    "createdOn": "2026-11-20T10:00:00Z",
                    "disabledOn": "2026-11-24T22:56:01Z",
                    "phone": {"countryCode": "1", "number": "2025550142"},
                },
                {
                    "createdOn": "2026-11-24T22:56:01Z",
                    "phone": {"countryCode": "1", "number": "2025550143"},
                },
            ],
            "emails": [],
            "limitGroups": [],
            "status": "active",
            "createdOn": "2026-11-20T10:00:00Z",
            "updatedOn": "2026-11-24T22:56:01Z",
            "relationship": {"suspended": False, "versionID": "as2oryG2uzKZwr8IGw9MUA"},
        },
    ),
]


def _corrections(data: dict) -> corrections.Corrections:
    columns = {
        column: data[name]
        for name, column in (
            ("givenName", "given_name"),
            ("middleName", "middle_name"),
            ("familyName", "family_name"),
            ("nickName", "nick_name"),
        )
        if name in data
    }
    if "address" in data:
        columns.update(s.address_columns(data["address"]))
    phones = data.get("phones")
    return corrections.Corrections(
        columns=columns,
        phones=None if phones is None else tuple((p["countryCode"], p["number"]) for p in phones),
        emails=None if "emails" not in data else tuple(data["emails"]),
    )


# /participants and /participants/{participantID}, with PATCH on the participant.
class ParticipantSelfServiceViewSet(ParticipantViewSet):
    required_scopes = {
        **ParticipantViewSet.required_scopes,
        "partial_update": (scopes.PARTICIPANTS_WRITE,),
    }
    idempotent_actions = (*ParticipantViewSet.idempotent_actions, "partial_update")
    problem_responses = {**ParticipantViewSet.problem_responses, "partial_update": (404, 409, 422)}

    def resolve_path(self, kwargs: dict) -> None:
        if self.action != "partial_update":
            return super().resolve_path(kwargs)
        # Inside the request's transaction (a key is required): read, render and lock once.
        ref = kwargs["participantID"]
        self.enrollment = selectors.get_participant_read(self.provider_id, ref, for_update=True)

    @extend_schema(
        operation_id="updateParticipant",
        summary="Correct a participant's details",
        description=(
            "Changes the names, address, phones or emails sent; fields left out stay as they "
            "are. `address` is replaced whole; `phones` and `emails` are the complete lists of "
            "active contacts: one already active keeps its dates, one left out gets "
            "`disabledOn`, a new one is added. `expectedVersionID` is the participant's "
            "`versionID` from the latest read (not `relationship.versionID`); a stale one is "
            "409 `version-conflict` and changes nothing. A change gives a new `versionID` and "
            "emits `participant.updated`; a body that changes nothing keeps both. The status, "
            "the relationship and `externalID` are not changed here."
        ),
        tags=["Participants"],
        request=s.ParticipantUpdateSerializer,
        responses={200: s.ParticipantSerializer},
        examples=CORRECTION_EXAMPLES,
    )
    def partial_update(self, request, providerID, participantID):
        data = validated(s.ParticipantUpdateSerializer, request.data)
        enrollment = corrections.correct_details(
            locked=self.enrollment,
            expected_version_id=data["expectedVersionID"],
            corrections=_corrections(data),
        )
        return Response(rendering.render_participant(enrollment))


# /participants/{participantID}/funding-sources, with POST on the collection.
class FundingSourceSelfServiceViewSet(FundingSourceViewSet):
    required_scopes = {
        **FundingSourceViewSet.required_scopes,
        "create": (scopes.PARTICIPANTS_WRITE,),
    }
    idempotent_actions = ("create",)
    problem_responses = {**FundingSourceViewSet.problem_responses, "create": (404, 422)}

    @extend_schema(
        operation_id="addFundingSource",
        summary="Add a funding source to a participant",
        description=(
            "The same shape and rules as a source in the participant create. A source is "
            "identified by `fundingType` and `providerSourceID`: sending one the participant "
            "has (active or removed) converges on that record, relabelled and active again, "
            "with the same `fundingSourceID`. A source that becomes active emits "
            "`funding_source.added`."
        ),
        tags=["Funding sources"],
        request=s.FundingSourceInSerializer,
        responses={201: s.FundingSourceSerializer},
        examples=SOURCE_EXAMPLES,
    )
    def create(self, request, providerID, participantID):
        data = validated(s.FundingSourceInSerializer, request.data)
        source = services.add_funding_source(
            enrollment=self.enrollment,
            source=services.NewFundingSource(
                funding_type=data["fundingType"],
                provider_source_id=data["providerSourceID"],
                display_name=data["displayName"],
                last4=data.get("last4", ""),
            ),
        )
        return Response(rendering.render_funding_source(source), status=status.HTTP_201_CREATED)
