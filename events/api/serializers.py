"""Event and webhook endpoint shapes: request bodies, and the schema of the responses
(`events.rendering` builds them)."""

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from events import addresses
from events.models import Delivery, WebhookEndpoint
from events.types import ALL_TYPES

# ---- request bodies --------------------------------------------------------------------


class EndpointURLField(serializers.CharField):
    """An endpoint's URL; `events.addresses` checks it."""


class EndpointURLSchema(OpenApiSerializerFieldExtension):
    """The URL's form as `events.addresses` accepts it (`url_pattern`), so that generated URLs
    are valid; that its host is no special-purpose address and its port is allowed is checked,
    not stated."""

    target_class = EndpointURLField

    def map_serializer_field(self, auto_schema, direction):
        return {
            "type": "string",
            "maxLength": self.target.max_length,
            "pattern": addresses.url_pattern(),
        }


URL_RULES = (
    "https (http only in DEBUG); must not resolve to a loopback, private, link-local or other "
    "special-purpose address; port 443, or 1024 to 65535 except the ports of internal services "
    "(databases, caches, brokers, remote desktops)"
)


class EndpointCreateSerializer(serializers.Serializer):
    url = EndpointURLField(
        max_length=2048,
        help_text=URL_RULES,
    )
    eventTypes = serializers.ListField(
        child=serializers.ChoiceField(choices=ALL_TYPES),
        required=False,
        max_length=len(ALL_TYPES),
        help_text="The types sent to this endpoint; absent or empty: every type",
    )
    description = serializers.CharField(
        max_length=255, required=False, allow_blank=True, trim_whitespace=True
    )


class EndpointUpdateSerializer(EndpointCreateSerializer):
    """Only the fields sent change; the URL is checked as at registration, and `eventTypes`
    replaces the list."""

    url = EndpointURLField(max_length=2048, required=False, help_text=URL_RULES)
    status = serializers.ChoiceField(
        choices=WebhookEndpoint.Status.choices,
        required=False,
        help_text="enabled: what it is still owed becomes due now; disabled: nothing is sent "
        "until it is enabled again",
    )


# ---- responses -------------------------------------------------------------------------


class EventSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=ALL_TYPES)
    eventID = serializers.CharField(help_text="evt_<ulid>; the webhook-id of its deliveries")
    createdOn = serializers.DateTimeField()
    data = serializers.DictField(
        help_text="The resource as this provider's GET renders it, plus the change "
        "(previousStatus where a status moved); docs/events.md shows each type"
    )


class EventListSerializer(serializers.Serializer):
    events = EventSerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()


class EndpointSerializer(serializers.Serializer):
    endpointID = serializers.CharField()
    url = serializers.CharField()
    eventTypes = serializers.ListField(
        child=serializers.ChoiceField(choices=ALL_TYPES), help_text="Empty: every type"
    )
    description = serializers.CharField(required=False)
    status = serializers.ChoiceField(choices=WebhookEndpoint.Status.choices)
    disabledOn = serializers.DateTimeField(required=False)
    disabledReason = serializers.CharField(required=False)
    previousSecretExpiresOn = serializers.DateTimeField(
        required=False, help_text="Until then the previous secret signs beside the current one"
    )
    createdOn = serializers.DateTimeField()
    updatedOn = serializers.DateTimeField()


class EndpointWithSecretSerializer(EndpointSerializer):
    secret = serializers.CharField(help_text="whsec_…: shown in this response only")


class EndpointListSerializer(serializers.Serializer):
    webhookEndpoints = EndpointSerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()


class TestSentSerializer(serializers.Serializer):
    eventID = serializers.CharField(help_text="The webhook.test event sent")


class RedeliverySerializer(serializers.Serializer):
    eventID = serializers.CharField()
    endpointIDs = serializers.ListField(
        child=serializers.CharField(), help_text="The endpoints it is sent to again"
    )


class DeliveryAttemptSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="1 for the first attempt")
    startedOn = serializers.DateTimeField()
    finishedOn = serializers.DateTimeField(required=False, help_text="Absent while in flight")
    statusCode = serializers.IntegerField(
        required=False, help_text="The receiver's HTTP status; absent when none came back"
    )
    latencyMs = serializers.IntegerField()
    error = serializers.CharField(required=False, help_text="Why it failed, when it did")
    responseExcerpt = serializers.CharField(
        required=False, help_text="The start of the receiver's answer"
    )


class DeliverySerializer(serializers.Serializer):
    deliveryID = serializers.CharField()
    eventID = serializers.CharField()
    eventType = serializers.ChoiceField(choices=ALL_TYPES)
    status = serializers.ChoiceField(choices=Delivery.Status.choices)
    createdOn = serializers.DateTimeField()
    nextAttemptOn = serializers.DateTimeField(
        required=False, help_text="When the next attempt is due; only while pending"
    )
    deliveredOn = serializers.DateTimeField(required=False)
    attempts = DeliveryAttemptSerializer(many=True, help_text="Oldest first")


class DeliveryListSerializer(serializers.Serializer):
    deliveries = DeliverySerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()
