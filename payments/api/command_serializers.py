"""Request bodies of the operations that move money (payouts and requests: create, claim, pay,
decline, cancel). Their answers are the details' shapes (`payments.api.serializers`)."""

from django.core.validators import RegexValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.devices import DeviceContextSerializer
from common.money import MoneyError, get_currency, to_minor
from payments.models import Payment

# What `payments.services.checks.normalize_phone` accepts, stated so generated data fits.
E164_PATTERN = "^\\+[1-9][0-9]{6,14}$"
DECIMAL_PATTERN = "^[0-9]{1,15}(\\.[0-9]{1,6})?$"
MEMO_MAX = Payment._meta.get_field("memo").max_length


@extend_schema_field({"type": "string", "pattern": E164_PATTERN})
class PhoneNumberField(serializers.CharField):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.validators.append(RegexValidator(E164_PATTERN, "must be E.164, e.g. +14155550123"))


@extend_schema_field({"type": "string", "pattern": DECIMAL_PATTERN})
class DecimalStringField(serializers.CharField):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.validators.append(RegexValidator(DECIMAL_PATTERN, "must be a decimal string"))


class CurrencyInSerializer(serializers.Serializer):
    code = serializers.CharField(min_length=3, max_length=3, help_text="ISO 4217, uppercase")
    decimalPlaces = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=255,
        help_text="When given, must be the currency's (as the service renders it)",
    )


class AmountInSerializer(serializers.Serializer):
    """An amount as the service renders one; `currency` needs only its `code`. Validated into
    `{"minor": int, "currency": code}`."""

    value = DecimalStringField(
        max_length=32, help_text="Decimal string, at most the currency's decimal places"
    )
    currency = CurrencyInSerializer()

    def validate(self, attrs):
        code = attrs["currency"]["code"]
        try:
            currency = get_currency(code)
        except MoneyError as exc:
            raise serializers.ValidationError({"currency": {"code": [str(exc)]}}) from None
        places = attrs["currency"].get("decimalPlaces")
        if places is not None and places != currency.decimal_places:
            raise serializers.ValidationError(
                {"currency": {"decimalPlaces": [f"{code} has {currency.decimal_places}"]}}
            )
        try:
            minor = to_minor(attrs["value"], currency)
        except MoneyError as exc:
            raise serializers.ValidationError({"value": [str(exc)]}) from None
        return {"minor": minor, "currency": code}


class AddressedPartySerializer(serializers.Serializer):
    phoneNumber = PhoneNumberField(max_length=16, help_text="E.164, e.g. +14155550123")


def _participant_field(role: str) -> serializers.CharField:
    return serializers.CharField(
        max_length=255,
        help_text=f"The {role}: a participantID or an externalID of one of your participants",
    )


class _NewPaymentSerializer(serializers.Serializer):
    amount = AmountInSerializer()
    memo = serializers.CharField(required=False, allow_blank=True, max_length=MEMO_MAX)
    device = DeviceContextSerializer(required=False)


class PayoutCreateSerializer(_NewPaymentSerializer):
    participantID = _participant_field("sender")
    recipient = AddressedPartySerializer(help_text="Who may claim it: the addressed phone")
    fundingSourceID = serializers.CharField(
        required=False,
        max_length=64,
        help_text="The sender's active funding source to draw on; its newest when omitted",
    )


class RequestCreateSerializer(_NewPaymentSerializer):
    participantID = _participant_field("requester")
    payer = AddressedPartySerializer(help_text="Who is asked to pay: the addressed phone")


class PayoutClaimSerializer(serializers.Serializer):
    participantID = _participant_field("recipient (holding the addressed phone)")


class PayoutCancelSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, max_length=512)


class RequestPaySerializer(serializers.Serializer):
    participantID = _participant_field("payer (holding the addressed phone)")
    fundingSourceID = serializers.CharField(
        required=False,
        max_length=64,
        help_text="The payer's active funding source to collect from; its newest when omitted",
    )
    device = DeviceContextSerializer(required=False)


class RequestDeclineSerializer(serializers.Serializer):
    participantID = _participant_field("payer (holding the addressed phone)")
