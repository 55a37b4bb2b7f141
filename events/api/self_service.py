"""A provider's own changes to a webhook endpoint, and the record of what was sent to it,
beside the endpoint operations the viewset in `events.api.views` serves. The endpoint's
viewset is extended, so its path keeps one route and the inherited operations stay as
they are."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.response import Response

from api import scopes
from api.pagination import Keyset
from api.validation import validated
from api.views import ProviderViewSet
from events import rendering, selectors
from events.api import serializers as s
from events.api.views import WebhookEndpointViewSet
from events.services import endpoint_changes

ENDPOINT_EXAMPLE = {
    "endpointID": "whe_01JD7X3M0C9Q8R2W5T4V6Y8Z1A",
    "url": "https://hooks.example.com/payments",
    "eventTypes": ["payout.status_changed"],
    "status": "enabled",
    "createdOn": "2026-11-20T10:00:00Z",
    "updatedOn": "2026-11-24T22:56:01Z",
}
UPDATE_EXAMPLES = [
    OpenApiExample(
        "A new URL and one event type, turned back on",
        request_only=True,
        value={
            "url": "https://hooks.example.com/payments",
            "eventTypes": ["payout.status_changed"],
            "status": "enabled",
        },
    ),
    OpenApiExample(
        "The endpoint as GET renders it",
        response_only=True,
        status_codes=["200"],
        value=ENDPOINT_EXAMPLE,
    ),
]
DELIVERIES_EXAMPLE = OpenApiExample(
    "A delivery that succeeded on its second attempt",
    response_only=True,
    status_codes=["200"],
    value={
        "deliveries": [
            {
                "deliveryID": "dlv_01JD7X3M0C9Q8R2W5T4V6Y8Z1B",
                "eventID": "evt_01JD7X3M0C9Q8R2W5T4V6Y8Z1C",
                "eventType": "payout.status_changed",
                "status": "delivered",
                "createdOn": "2026-11-24T22:56:01Z",
                "deliveredOn": "2026-11-24T22:56:07Z",
                "attempts": [
                    {
                        "number": 1,
                        "startedOn": "2026-11-24T22:56:01Z",
                        "finishedOn": "2026-11-24T22:56:02Z",
                        "statusCode": 503,
                        "latencyMs": 812,
                        "error": "HTTP 503",
                    },
                    {
                        "number": 2,
                        "startedOn": "2026-11-24T22:56:07Z",
                        "finishedOn": "2026-11-24T22:56:07Z",
                        "statusCode": 204,
                        "latencyMs": 95,
                    },
                ],
            }
        ],
        "hasMore": False,
    },
)


# /webhook-endpoints and /webhook-endpoints/{endpointID}, with PATCH on the endpoint.
class WebhookEndpointSelfServiceViewSet(WebhookEndpointViewSet):
    required_scopes = {
        **WebhookEndpointViewSet.required_scopes,
        "partial_update": (scopes.WEBHOOKS_WRITE,),
    }
    idempotent_actions = (*WebhookEndpointViewSet.idempotent_actions, "partial_update")
    problem_responses = {**WebhookEndpointViewSet.problem_responses, "partial_update": (404, 422)}

    @extend_schema(
        operation_id="updateWebhookEndpoint",
        summary="Change a webhook endpoint",
        description=(
            "Changes the fields sent; the others stay. `url` is checked as at registration "
            "(and again before every send) and is where every later attempt goes, those still "
            "owed included. `eventTypes` replaces the list (empty: every type). `status` "
            "`enabled` turns a disabled endpoint back on and makes what it is still owed due "
            "now; `disabled` stops sending until it is enabled again (what is owed waits). "
            "The signing secret is not changed here (`secret-rotations`) and never returned."
        ),
        tags=["Webhooks"],
        request=s.EndpointUpdateSerializer,
        responses={200: s.EndpointSerializer},
        examples=UPDATE_EXAMPLES,
    )
    def partial_update(self, request, providerID, endpointID):
        # The endpoint is looked up (404) before the body is judged (422).
        selectors.get_endpoint(self.provider_id, endpointID)
        data = validated(s.EndpointUpdateSerializer, request.data)
        endpoint = endpoint_changes.update_endpoint(
            provider_id=self.provider_id,
            endpoint_id=endpointID,
            changes=endpoint_changes.EndpointChanges(
                url=data.get("url"),
                event_types=data.get("eventTypes"),
                description=data.get("description"),
                status=data.get("status"),
            ),
        )
        return Response(rendering.render_endpoint(endpoint))


# /webhook-endpoints/{endpointID}/deliveries: what the endpoint was owed and each attempt.
class WebhookDeliveryViewSet(ProviderViewSet):
    required_scopes = {"list": (scopes.WEBHOOKS_READ,)}
    problem_responses = {"list": (404,)}
    envelope_key = "deliveries"
    keyset = Keyset()

    def resolve_path(self, kwargs: dict) -> None:
        self.endpoint = selectors.get_endpoint(self.provider_id, kwargs["endpointID"])

    def cursor_scope(self) -> str:
        return f"webhook-deliveries:{self.endpoint.pk}"

    @extend_schema(
        operation_id="listWebhookDeliveries",
        summary="List a webhook endpoint's deliveries",
        description=(
            "Every event owed to this endpoint, newest first by (createdOn, deliveryID), each "
            "with its attempts oldest first: the receiver's status code, latency, error and "
            "the start of its answer. Within the events' retention period."
        ),
        tags=["Webhooks"],
        responses={200: s.DeliveryListSerializer},
        examples=[DELIVERIES_EXAMPLE],
    )
    def list(self, request, providerID, endpointID):
        page = self.paginate_queryset(selectors.endpoint_deliveries(self.endpoint))
        rows = selectors.with_events_and_attempts(page)
        return self.get_paginated_response([rendering.render_delivery(d) for d in rows])
