"""The event feed and webhook endpoints as viewsets: parse, authorize, call one service or
selector, render."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from api import rate_limits, scopes
from api.filters import ProviderFilterBackend
from api.pagination import Keyset
from api.validation import validated
from api.views import ProviderViewSet
from events import rendering, selectors, services
from events.api import docs
from events.api import serializers as s
from events.api.filters import EventFilterSet
from events.models import Event


# /events (the feed), /events/{eventID} and its redeliveries.
@docs.EVENTS
class EventViewSet(ProviderViewSet):
    replica_actions = ("list",)
    lookup_url_kwarg = "eventID"
    required_scopes = {
        "list": (scopes.EVENTS_READ,),
        "retrieve": (scopes.EVENTS_READ,),
        "redeliver": (scopes.WEBHOOKS_WRITE,),
    }
    idempotent_actions = ("redeliver",)
    problem_responses = {"retrieve": (404,), "redeliver": (404,)}
    queryset = Event.objects.none()  # the model the schema's filters are typed from
    filter_backends = [ProviderFilterBackend]
    filterset_class = EventFilterSet
    keyset = Keyset(descending=False)
    envelope_key = cursor_scope_name = "events"

    @extend_schema(
        operation_id="listEvents",
        description="Oldest first by (createdOn, eventID): keep the last nextCursor to resume.",
        responses={200: s.EventListSerializer},
    )
    def list(self, request, providerID):
        filters = self.query_filterset().event_filters()
        self.cursor_filters = filters.binding()
        page = self.paginate_queryset(selectors.list_events(self.provider_id, filters))
        return self.get_paginated_response([rendering.render_event(e) for e in page])

    @extend_schema(operation_id="getEvent", responses={200: s.EventSerializer})
    def retrieve(self, request, providerID, eventID):
        return Response(rendering.render_event(selectors.get_event(self.provider_id, eventID)))

    @extend_schema(
        operation_id="redeliverEvent",
        request=None,
        responses={202: s.RedeliverySerializer},
    )
    @action(detail=True, methods=["post"], url_path="redeliveries")
    def redeliver(self, request, providerID, eventID):
        deliveries = services.redeliver_event(provider_id=self.provider_id, event_id=eventID)
        return Response(
            rendering.render_redelivery(eventID, deliveries), status=status.HTTP_202_ACCEPTED
        )


# /webhook-endpoints, /webhook-endpoints/{endpointID}, its secret rotations and tests.
@docs.WEBHOOK_ENDPOINTS
class WebhookEndpointViewSet(ProviderViewSet):
    lookup_url_kwarg = "endpointID"
    required_scopes = {
        "list": (scopes.WEBHOOKS_READ,),
        "create": (scopes.WEBHOOKS_WRITE,),
        "retrieve": (scopes.WEBHOOKS_READ,),
        "destroy": (scopes.WEBHOOKS_WRITE,),
        "rotate_secret": (scopes.WEBHOOKS_WRITE,),
        "send_test": (scopes.WEBHOOKS_WRITE,),
    }
    idempotent_actions = ("create", "rotate_secret", "send_test")
    # Each test send queues an outbound request: a budget of their own, apart from writes.
    rate_limit_budgets = {"send_test": rate_limits.WEBHOOK_TESTS}
    problem_responses = {
        "create": (422,),
        "retrieve": (404,),
        "destroy": (404,),
        "rotate_secret": (404,),
        "send_test": (404, 409),
    }
    envelope_key = "webhookEndpoints"
    response_links = {
        action: {"GetWebhookEndpoint": ("getWebhookEndpoint", {"endpointID": "endpointID"})}
        for action in ("create", "rotate_secret")
    }
    cursor_scope_name = "webhook-endpoints"

    @extend_schema(
        operation_id="listWebhookEndpoints",
        responses={200: s.EndpointListSerializer},
    )
    def list(self, request, providerID):
        page = self.paginate_queryset(selectors.live_endpoints(self.provider_id))
        return self.get_paginated_response([rendering.render_endpoint(e) for e in page])

    @extend_schema(
        operation_id="createWebhookEndpoint",
        request=s.EndpointCreateSerializer,
        responses={201: s.EndpointWithSecretSerializer},
    )
    def create(self, request, providerID):
        data = validated(s.EndpointCreateSerializer, request.data)
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

    @extend_schema(operation_id="getWebhookEndpoint", responses={200: s.EndpointSerializer})
    def retrieve(self, request, providerID, endpointID):
        endpoint = selectors.get_endpoint(self.provider_id, endpointID)
        return Response(rendering.render_endpoint(endpoint))

    @extend_schema(operation_id="deleteWebhookEndpoint", responses={204: None})
    def destroy(self, request, providerID, endpointID):
        services.delete_endpoint(provider_id=self.provider_id, endpoint_id=endpointID)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        operation_id="rotateWebhookSecret",
        description="A new signing secret; for 24 hours each delivery is signed by both.",
        request=None,
        responses={201: s.EndpointWithSecretSerializer},
    )
    @action(detail=True, methods=["post"], url_path="secret-rotations")
    def rotate_secret(self, request, providerID, endpointID):
        endpoint, secret = services.rotate_secret(
            provider_id=self.provider_id, endpoint_id=endpointID
        )
        return Response(
            rendering.render_endpoint_with_secret(endpoint, secret),
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        operation_id="testWebhookEndpoint",
        description="Sends a webhook.test event to this endpoint.",
        request=None,
        responses={202: s.TestSentSerializer},
    )
    @action(detail=True, methods=["post"], url_path="tests")
    def send_test(self, request, providerID, endpointID):
        event = services.send_test(provider_id=self.provider_id, endpoint_id=endpointID)
        return Response({"eventID": event.pk}, status=status.HTTP_202_ACCEPTED)
