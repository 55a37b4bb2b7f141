"""Shapes shared by every endpoint: amounts and problem details."""

from rest_framework import serializers


class ProblemErrorSerializer(serializers.Serializer):
    pointer = serializers.CharField(help_text="RFC 6901 JSON Pointer to the field")
    detail = serializers.CharField()


class ProblemSerializer(serializers.Serializer):
    type = serializers.URLField(help_text="`{base_url}/errors#<code>` or `about:blank`")
    title = serializers.CharField()
    status = serializers.IntegerField(help_text="int32")
    detail = serializers.CharField(required=False)
    instance = serializers.CharField(required=False)
    errors = ProblemErrorSerializer(many=True, required=False)
    requestID = serializers.CharField(
        required=False, help_text="The request's X-Request-ID, to quote to support"
    )


class CurrencySerializer(serializers.Serializer):
    code = serializers.CharField(min_length=3, max_length=3)
    decimalPlaces = serializers.IntegerField(min_value=0, max_value=255)
    numericCode = serializers.CharField(required=False)
    name = serializers.CharField(required=False)


class AmountSerializer(serializers.Serializer):
    value = serializers.CharField(help_text="Decimal string with exactly decimalPlaces digits")
    currency = CurrencySerializer()


class OmitEmptySerializer(serializers.Serializer):
    """Output serializer for the contract's omission rule: an optional field that is unknown
    (None, or an empty string for text) is absent, never null. Required fields always render."""

    def to_representation(self, instance):
        data = super().to_representation(instance)
        for field in self.fields.values():
            if field.required or field.write_only:
                continue
            value = data.get(field.field_name)
            if value is None or value == "":
                data.pop(field.field_name, None)
        return data
