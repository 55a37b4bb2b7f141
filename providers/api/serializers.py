from django.conf import settings
from rest_framework import serializers

from api.scopes import ALL_SCOPES


class TokenRequestSerializer(serializers.Serializer):
    scopes = serializers.ListField(
        child=serializers.ChoiceField(choices=ALL_SCOPES),
        required=False,
        allow_empty=False,
        help_text="A subset of the calling API key's scopes; default: all of them",
    )
    ttlSeconds = serializers.IntegerField(
        required=False, min_value=1, max_value=settings.BEARER_TOKEN_MAX_TTL_SECONDS
    )

    def validate_scopes(self, value):
        # The calling key's scopes come in the context: the instance is reused (api.validation).
        outside = sorted(set(value) - set(self.context.get("key_scopes", ())))
        if outside:
            raise serializers.ValidationError(f"not held by this API key: {', '.join(outside)}")
        return value


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
    scopes = serializers.ListField(child=serializers.CharField())
    expiresOn = serializers.DateTimeField()
