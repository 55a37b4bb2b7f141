"""Participants endpoints as viewsets: parse, authorize, call one service or selector,
serialize."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from api import scopes
from api.pagination import Keyset
from api.validation import validated
from api.views import ProviderViewSet
from participants import rendering, selectors, services
from participants.api import docs
from participants.api import serializers as s
from participants.api.base import ParticipantPath
from providers.models import Provider


def _new_participant(data: dict) -> services.NewParticipant:
    address = data["address"]
    return services.NewParticipant(
        external_id=data["externalID"],
        given_name=data["givenName"],
        middle_name=data.get("middleName", ""),
        family_name=data["familyName"],
        nick_name=data.get("nickName", ""),
        date_of_birth=data.get("dateOfBirth"),
        **s.address_columns(address),
        phones=tuple((p["countryCode"], p["number"]) for p in data["phones"]),
        emails=tuple(data.get("emails", ())),
        funding_sources=tuple(
            services.NewFundingSource(
                funding_type=f["fundingType"],
                provider_source_id=f["providerSourceID"],
                display_name=f["displayName"],
                last4=f.get("last4", ""),
            )
            for f in data.get("fundingSources", ())
        ),
    )


# /participants, /participants/{participantID}, its suspensions and reactivations.
@docs.PARTICIPANTS
class ParticipantViewSet(ParticipantPath, ProviderViewSet):
    replica_actions = ("list",)
    lookup_url_kwarg = "participantID"
    required_scopes = {
        "list": (scopes.PARTICIPANTS_READ,),
        "create": (scopes.PARTICIPANTS_WRITE,),
        "retrieve": (scopes.PARTICIPANTS_READ,),
        "suspend": (scopes.RELATIONSHIPS_WRITE,),
        "reactivate": (scopes.RELATIONSHIPS_WRITE,),
    }
    idempotent_actions = ("create", "suspend", "reactivate")
    problem_responses = {
        "create": (409, 422),
        "retrieve": (404,),
        "suspend": (404, 409, 422),
        "reactivate": (404, 409, 422),
    }
    keyset = Keyset(id_field="participant_id")
    response_links = {
        "create": {"GetParticipant": ("getParticipant", {"participantID": "participantID"})}
    }
    envelope_key = "participants"

    def cursor_scope(self) -> str:
        return self.request.path

    def resolve_path(self, kwargs: dict) -> None:
        if self.action == "retrieve":
            # Everything the read renders, in the one read of the participant.
            self.enrollment = selectors.get_participant_read(
                self.provider_id, kwargs["participantID"]
            )
        elif self.action in ("suspend", "reactivate"):
            # Inside the request's transaction (both require a key): the lookup locks the row
            # and reads what the change's event renders, so the service reads nothing again.
            self.enrollment = selectors.get_participant_read(
                self.provider_id, kwargs["participantID"], for_update=True
            )
        else:
            super().resolve_path(kwargs)

    @extend_schema(
        operation_id="listParticipants",
        responses={200: s.ParticipantListSerializer},
    )
    def list(self, request, providerID):
        rows = selectors.page_with_profile(
            self.paginate_queryset(selectors.page_source(self.provider_id))
        )
        return self.get_paginated_response([rendering.render_participant(e) for e in rows])

    @extend_schema(
        operation_id="createParticipant",
        request=s.ParticipantCreateSerializer,
        responses={201: s.ParticipantCreatedSerializer},
    )
    def create(self, request, providerID):
        data = _new_participant(validated(s.ParticipantCreateSerializer, request.data))
        enrollment = services.create_participant(provider=Provider(pk=self.provider_id), data=data)
        return Response(
            rendering.render_participant_created(enrollment, data.phones, data.emails),
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(operation_id="getParticipant", responses={200: s.ParticipantSerializer})
    def retrieve(self, request, providerID, participantID):
        return Response(rendering.render_participant(self.enrollment))

    @extend_schema(
        operation_id="suspendParticipant",
        request=s.SuspendSerializer,
        responses={201: s.RelationshipEnvelopeSerializer},
    )
    @action(detail=True, methods=["post"], url_path="suspensions")
    def suspend(self, request, providerID, participantID):
        data = validated(s.SuspendSerializer, request.data)
        enrollment, change = services.suspend(
            locked=self.enrollment,
            reason_code=data["reasonCode"],
            note=data.get("note", ""),
            expected_version_id=data["expectedVersionID"],
            actor=self.principal.actor,
        )
        return Response(
            {"relationship": rendering.render_relationship(enrollment, change)},
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        operation_id="reactivateParticipant",
        request=s.ReactivateSerializer,
        responses={201: s.RelationshipEnvelopeSerializer},
    )
    @action(detail=True, methods=["post"], url_path="reactivations")
    def reactivate(self, request, providerID, participantID):
        data = validated(s.ReactivateSerializer, request.data)
        enrollment, change = services.reactivate(
            locked=self.enrollment,
            note=data["note"],
            expected_version_id=data["expectedVersionID"],
            actor=self.principal.actor,
        )
        return Response(
            {"relationship": rendering.render_relationship(enrollment, change)},
            status=status.HTTP_201_CREATED,
        )


# /participants/{participantID}/funding-sources and .../{fundingSourceID}.
@docs.FUNDING_SOURCES
class FundingSourceViewSet(ParticipantPath, ProviderViewSet):
    lookup_url_kwarg = "fundingSourceID"
    required_scopes = {
        "list": (scopes.PARTICIPANTS_READ,),
        "destroy": (scopes.PARTICIPANTS_WRITE,),
    }
    problem_responses = {"list": (404,), "destroy": (404,)}
    envelope_key = "fundingSources"

    def cursor_scope(self) -> str:
        return f"funding-sources:{self.enrollment.participant_id}"

    @extend_schema(
        operation_id="listFundingSources",
        responses={200: s.FundingSourceListSerializer},
    )
    def list(self, request, providerID, participantID):
        page = self.paginate_queryset(selectors.active_funding_sources(self.enrollment))
        return self.get_paginated_response([rendering.render_funding_source(f) for f in page])

    @extend_schema(operation_id="deleteFundingSource", responses={204: None})
    def destroy(self, request, providerID, participantID, fundingSourceID):
        services.disable_funding_source(
            enrollment=self.enrollment, funding_source_id=fundingSourceID
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
