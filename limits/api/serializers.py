"""Send-limit response shapes, in the contract's field names (rendered by limits.rendering)."""

from rest_framework import serializers

from api.serializers import AmountSerializer

INT64_MAX = 2**63 - 1


def _count(**kwargs) -> serializers.IntegerField:
    """An integer int64 count (the bound makes the schema say int64)."""
    return serializers.IntegerField(min_value=0, max_value=INT64_MAX, **kwargs)


SOURCE_HELP = (
    "platform, provider, group:<name> or override; `<source>+platform-clamp` when the platform "
    "maximum tightened it"
)


class AmountLimitSerializer(serializers.Serializer):
    ceiling = AmountSerializer(help_text="The effective value")
    source = serializers.CharField(help_text=SOURCE_HELP)
    stored = AmountSerializer(required=False, help_text="Pre-clamp value; only when clamped")
    platformMaximum = AmountSerializer(required=False, help_text="Only when clamped")
    expiresOn = serializers.DateTimeField(
        required=False, help_text="When an override-sourced value lapses"
    )


class CountLimitSerializer(serializers.Serializer):
    ceiling = _count(help_text="The effective value")
    source = serializers.CharField(help_text=SOURCE_HELP)
    stored = _count(required=False, help_text="Pre-clamp value; only when clamped")
    platformMaximum = _count(required=False, help_text="Only when clamped")
    expiresOn = serializers.DateTimeField(
        required=False, help_text="When an override-sourced value lapses"
    )


class EffectiveLimitsSerializer(serializers.Serializer):
    """A dimension with no ceiling at any level is absent."""

    perTransactionAmount = AmountLimitSerializer(required=False)
    dailyAmount = AmountLimitSerializer(required=False)
    weeklyAmount = AmountLimitSerializer(required=False)
    monthlyAmount = AmountLimitSerializer(required=False)
    dailySendCount = CountLimitSerializer(required=False)


class EffectiveLimitsEnvelopeSerializer(serializers.Serializer):
    effectiveLimits = EffectiveLimitsSerializer()
    participantID = serializers.CharField()


class LimitValuesSerializer(serializers.Serializer):
    perTransactionAmount = AmountSerializer()
    dailyAmount = AmountSerializer()
    weeklyAmount = AmountSerializer()
    monthlyAmount = AmountSerializer()
    dailySendCount = _count()


# `provider` when the saved policy sets the dimension, `platform` when it falls back.
# One schema component for all five (settings.SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]).
PROVIDER_SOURCES = ["platform", "provider"]


class LimitProviderSourcesSerializer(serializers.Serializer):
    perTransactionAmount = serializers.ChoiceField(choices=PROVIDER_SOURCES)
    dailyAmount = serializers.ChoiceField(choices=PROVIDER_SOURCES)
    weeklyAmount = serializers.ChoiceField(choices=PROVIDER_SOURCES)
    monthlyAmount = serializers.ChoiceField(choices=PROVIDER_SOURCES)
    dailySendCount = serializers.ChoiceField(choices=PROVIDER_SOURCES)


class LimitDefaultLevelsSerializer(serializers.Serializer):
    platform = LimitValuesSerializer()
    provider = LimitValuesSerializer(
        help_text="The saved policy's value where it sets one, else the platform default"
    )
    providerSources = LimitProviderSourcesSerializer()


class LimitVersionsSerializer(serializers.Serializer):
    platform = serializers.CharField()
    provider = serializers.CharField(
        required=False, help_text="Absent when the provider has no saved policy"
    )


class LimitDefaultsSerializer(serializers.Serializer):
    defaults = LimitDefaultLevelsSerializer()
    maximums = LimitValuesSerializer()
    versions = LimitVersionsSerializer()


class LimitGroupCeilingsSerializer(serializers.Serializer):
    """Only the dimensions the group sets; the others fall through to the provider level."""

    perTransactionAmount = AmountSerializer(required=False)
    dailyAmount = AmountSerializer(required=False)
    weeklyAmount = AmountSerializer(required=False)
    monthlyAmount = AmountSerializer(required=False)
    dailySendCount = _count(required=False)


class LimitGroupSerializer(serializers.Serializer):
    groupID = serializers.CharField()
    name = serializers.CharField()
    ceilings = LimitGroupCeilingsSerializer()
    memberCount = _count(help_text="Participants with an active membership")
    createdOn = serializers.DateTimeField()
    updatedOn = serializers.DateTimeField()


class LimitGroupListSerializer(serializers.Serializer):
    limitGroups = LimitGroupSerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()
