"""Event feed and webhook endpoint endpoints: parse, authorize, call one service or selector,
render."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response

from api import scopes
from api.openapi import PAGINATION_PARAMETERS
from api.pagination import paginate
from api.query import parse_created_range
from api.views import ProviderAPIView
from common.errors import InvalidRequest
from events import rendering, selectors, services
from events.api import serializers as s
from events.types import ALL_TYPES


def _event_filters(params) -> selectors.EventFilters:
    event_types = tuple(dict.fromkeys(params.getlist("type")))
    for value in event_types:
        if value not in ALL_TYPES:
            raise InvalidRequest(
                f"type {value!r} is not an event type; one of: {', '.join(ALL_TYPES)}."
            )
    created_from, created_to = parse_created_range(params)
    return selectors.EventFilters(
        types=event_types, created_from=created_from, created_to=created_to
    )


class EventsView(ProviderAPIView):
    required_scopes = {"GET": (scopes.EVENTS_READ,)}

    @extend_schema(
        operation_id="listEvents",
        description="Oldest first by (createdOn, eventID): keep the last nextCursor to resume.",
        parameters=[
            OpenApiParameter(
                "type",
                {"type": "array", "items": {"type": "string", "enum": list(ALL_TYPES)}},
                description="Repeatable",
                explode=True,
            ),
            OpenApiParameter(
                "createdFrom", {"type": "string", "format": "date-time"}, description="≥"
            ),
            OpenApiParameter(
                "createdTo",
                {"type": "string", "format": "date-time"},
                description="<, and later than createdFrom",
            ),
            *PAGINATION_PARAMETERS,
        ],
        responses={200: s.EventListSerializer},
    )
    def get(self, request, providerID):
        filters = _event_filters(request.query_params)
        page = paginate(
            selectors.list_events(self.provider_id, filters),
            query_params=request.query_params,
            provider_id=self.provider_id,
            scope="events",
            filters=filters.binding(),
            descending=False,
        )
        return Response(page.envelope("events", [rendering.render_event(e) for e in page.items]))


class EventDetailView(ProviderAPIView):
    required_scopes = {"GET": (scopes.EVENTS_READ,)}
    problem_responses = {"GET": (404,)}

    @extend_schema(operation_id="getEvent", responses={200: s.EventSerializer})
    def get(self, request, providerID, eventID):
        return Response(rendering.render_event(selectors.get_event(self.provider_id, eventID)))


class EventRedeliveriesView(ProviderAPIView):
    required_scopes = {"POST": (scopes.WEBHOOKS_WRITE,)}
    idempotent_methods = ("POST",)
    problem_responses = {"POST": (404,)}

    @extend_schema(
        operation_id="redeliverEvent",
        request=None,
        responses={202: s.RedeliverySerializer},
    )
    def post(self, request, providerID, eventID):
        deliveries = services.redeliver_event(provider_id=self.provider_id, event_id=eventID)
        return Response(
            rendering.render_redelivery(eventID, deliveries), status=status.HTTP_202_ACCEPTED
        )


class WebhookEndpointsView(ProviderAPIView):
    required_scopes = {"GET": (scopes.WEBHOOKS_READ,), "POST": (scopes.WEBHOOKS_WRITE,)}
    idempotent_methods = ("POST",)
    problem_responses = {"POST": (422,)}

    @extend_schema(
        operation_id="listWebhookEndpoints",
        parameters=PAGINATION_PARAMETERS,
        responses={200: s.EndpointListSerializer},
    )
    def get(self, request, providerID):
        page = paginate(
            selectors.live_endpoints(self.provider_id),
            query_params=request.query_params,
            provider_id=self.provider_id,
            scope="webhook-endpoints",
        )
        rendered = [rendering.render_endpoint(e) for e in page.items]
        return Response(page.envelope("webhookEndpoints", rendered))

    @extend_schema(
        operation_id="createWebhookEndpoint",
        request=s.EndpointCreateSerializer,
        responses={201: s.EndpointWithSecretSerializer},
    )
    def post(self, request, providerID):
        serializer = s.EndpointCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        endpoint, secret = services.create_endpoint(
            provider_id=self.provider_id,
            url=data["url"],
            event_types=data.get("eventTypes", []),
            description=data.get("description", ""),
        )
        return Response(
            rendering.render_endpoint_with_secret(endpoint, secret),
            status=status.HTTP_201_CREATED,
        )


class WebhookEndpointDetailView(ProviderAPIView):
    required_scopes = {"GET": (scopes.WEBHOOKS_READ,), "DELETE": (scopes.WEBHOOKS_WRITE,)}
    problem_responses = {"GET": (404,), "DELETE": (404,)}

    @extend_schema(operation_id="getWebhookEndpoint", responses={200: s.EndpointSerializer})
    def get(self, request, providerID, endpointID):
        endpoint = selectors.get_endpoint(self.provider_id, endpointID)
        return Response(rendering.render_endpoint(endpoint))

    @extend_schema(operation_id="deleteWebhookEndpoint", responses={204: None})
    def delete(self, request, providerID, endpointID):
        services.delete_endpoint(provider_id=self.provider_id, endpoint_id=endpointID)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SecretRotationsView(ProviderAPIView):
    required_scopes = {"POST": (scopes.WEBHOOKS_WRITE,)}
    idempotent_methods = ("POST",)
    problem_responses = {"POST": (404,)}

    @extend_schema(
        operation_id="rotateWebhookSecret",
        description="A new signing secret; for 24 hours each delivery is signed by both.",
        request=None,
        responses={201: s.EndpointWithSecretSerializer},
    )
    def post(self, request, providerID, endpointID):
        endpoint, secret = services.rotate_secret(
            provider_id=self.provider_id, endpoint_id=endpointID
        )
        return Response(
            rendering.render_endpoint_with_secret(endpoint, secret),
            status=status.HTTP_201_CREATED,
        )


class EndpointTestsView(ProviderAPIView):
    required_scopes = {"POST": (scopes.WEBHOOKS_WRITE,)}
    idempotent_methods = ("POST",)
    problem_responses = {"POST": (404, 409)}

    @extend_schema(
        operation_id="testWebhookEndpoint",
        description="Sends a webhook.test event to this endpoint.",
        request=None,
        responses={202: s.TestSentSerializer},
    )
    def post(self, request, providerID, endpointID):
        event = services.send_test(provider_id=self.provider_id, endpoint_id=endpointID)
        return Response({"eventID": event.pk}, status=status.HTTP_202_ACCEPTED)
