"""Event and webhook endpoint shapes: request bodies, and the schema of the responses
(`events.rendering` builds them)."""

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from events import addresses
from events.models import WebhookEndpoint
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


class EndpointCreateSerializer(serializers.Serializer):
    url = EndpointURLField(
        max_length=2048,
        help_text="https (http only in DEBUG); must not resolve to a loopback, private, "
        "link-local or other special-purpose address; port 443, or 1024 to 65535 except "
        "the ports of internal services (databases, caches, brokers, remote desktops)",
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
