"""The provider's ledger registration over the API: the PUT body and the read (the key by its
thumbprint only; `ledger.rendering` builds it)."""

from rest_framework import serializers

from common.errors import InvalidRequest
from ledger import destinations, keys, registration

URL_HELP = (
    "Absolute https URL (http only in DEBUG), at most 2000 characters, no credentials or "
    "fragment; its host must not be or resolve to a loopback, private, link-local or other "
    "special-purpose address"
)


class LedgerURLField(serializers.CharField):
    """A callback URL as `set_ledger` checks it, and a public destination."""

    def __init__(self, endpoint: str, **kwargs):
        self.endpoint = endpoint
        super().__init__(max_length=registration.MAX_URL_CHARS, help_text=URL_HELP, **kwargs)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        try:
            registration.check_url(value, self.endpoint)
        except InvalidRequest as exc:
            raise serializers.ValidationError(str(exc.detail)) from None
        try:
            destinations.check(value)
        except destinations.PrivateDestination as exc:
            raise serializers.ValidationError(f"The {self.endpoint} URL {exc}.") from None
        return value


class KeyInSerializer(serializers.Serializer):
    kty = serializers.ChoiceField(choices=["oct"])
    k = serializers.CharField(
        help_text="The 256-bit key, base64url without padding (43 characters)",
        min_length=43,
        max_length=43,
    )
    alg = serializers.ChoiceField(choices=[keys.KEY_ALG], required=False)
    use = serializers.ChoiceField(choices=["enc"], required=False)

    def validate(self, attrs):
        try:
            keys.parse(dict(attrs))
        except keys.InvalidKey as exc:
            raise serializers.ValidationError({"k": [str(exc)]}) from None
        return attrs


class LedgerRegistrationInSerializer(serializers.Serializer):
    authorizeURL = LedgerURLField("authorize")
    releaseURL = LedgerURLField("release")
    captureURL = LedgerURLField("capture")
    key = KeyInSerializer(
        required=False,
        help_text="The shared A256KW key as a JWK; required on the first registration, "
        "optional later (absent: the current key stays). Never returned.",
    )

    def validate(self, attrs):
        if "key" not in attrs and not self.context.get("registered"):
            raise serializers.ValidationError({"key": ["is required on the first registration"]})
        return attrs


class KeySerializer(serializers.Serializer):
    kty = serializers.ChoiceField(choices=["oct"])
    alg = serializers.ChoiceField(choices=[keys.KEY_ALG])
    kid = serializers.CharField(help_text="The key's RFC 7638 thumbprint")
    setOn = serializers.DateTimeField()


class PreviousKeySerializer(serializers.Serializer):
    kid = serializers.CharField(help_text="The replaced key's RFC 7638 thumbprint")
    expiresOn = serializers.DateTimeField(
        help_text="Until then answers sealed with it are still accepted"
    )


class LedgerRegistrationSerializer(serializers.Serializer):
    providerID = serializers.CharField()
    authorizeURL = serializers.CharField()
    releaseURL = serializers.CharField()
    captureURL = serializers.CharField()
    key = KeySerializer(help_text="The current key, by thumbprint only")
    previousKey = PreviousKeySerializer(
        required=False, help_text="Present while a replaced key still opens answers"
    )
    createdOn = serializers.DateTimeField()
    updatedOn = serializers.DateTimeField()
