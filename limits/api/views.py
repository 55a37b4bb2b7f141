"""Send-limit endpoints as viewsets: parse, authorize, call one service or selector,
serialize."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from api import scopes
from api.views import ProviderViewSet
from limits import rendering, selectors, services
from limits.api import docs
from limits.api import serializers as s
from participants.api.base import ParticipantPath


# /participants/{participantID}/effective-limits: the limits side of a participant.
@docs.PARTICIPANT_LIMITS
class ParticipantLimitsViewSet(ParticipantPath, ProviderViewSet):
    lookup_url_kwarg = "participantID"
    required_scopes = {"effective_limits": (scopes.LIMITS_READ,)}
    problem_responses = {"effective_limits": (404,)}

    @extend_schema(
        operation_id="getEffectiveLimits", responses={200: s.EffectiveLimitsEnvelopeSerializer}
    )
    @action(detail=True, methods=["get"], url_path="effective-limits")
    def effective_limits(self, request, providerID, participantID):
        return Response(
            {
                "effectiveLimits": selectors.effective_limits(
                    provider_id=self.provider_id, enrollment=self.enrollment
                ),
                "participantID": self.enrollment.participant_id,
            }
        )


# /limits/defaults.
@docs.LIMIT_DEFAULTS
class LimitDefaultsViewSet(ProviderViewSet):
    required_scopes = {"defaults": (scopes.LIMITS_READ,)}
    # The contract names 400 for a malformed providerID here (elsewhere it is 403).
    malformed_provider_status = 400

    @extend_schema(operation_id="getLimitDefaults", responses={200: s.LimitDefaultsSerializer})
    @action(detail=False, methods=["get"])
    def defaults(self, request, providerID):
        return Response(selectors.limit_defaults(self.provider_id))


# /limit-groups and /limit-groups/{groupID}.
@docs.LIMIT_GROUPS
class LimitGroupViewSet(ProviderViewSet):
    lookup_url_kwarg = "groupID"
    required_scopes = {
        "list": (scopes.LIMITS_READ,),
        "retrieve": (scopes.LIMITS_READ,),
        "destroy": (scopes.LIMITS_WRITE,),
    }
    problem_responses = {"retrieve": (404,), "destroy": (404,)}
    envelope_key = "limitGroups"
    cursor_scope_name = "limit-groups"

    @extend_schema(
        operation_id="listLimitGroups",
        responses={200: s.LimitGroupListSerializer},
    )
    def list(self, request, providerID):
        page = self.paginate_queryset(
            selectors.with_member_counts(selectors.live_groups_for(self.provider_id))
        )
        rendered = [rendering.render_limit_group(g, g.member_count) for g in page]
        return self.get_paginated_response(rendered)

    @extend_schema(operation_id="getLimitGroup", responses={200: s.LimitGroupSerializer})
    def retrieve(self, request, providerID, groupID):
        group = selectors.get_live_group(self.provider_id, groupID)
        return Response(rendering.render_limit_group(group, group.member_count))

    @extend_schema(operation_id="deleteLimitGroup", responses={204: None})
    def destroy(self, request, providerID, groupID):
        services.delete_limit_group(
            provider_id=self.provider_id, group_id=groupID, actor=self.principal.actor
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
