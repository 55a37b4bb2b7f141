"""Participant request bodies, and the schema of the responses (`participants.rendering`
builds them; tests/test_rendering_contract.py keeps both in step)."""

from datetime import date

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import OmitEmptySerializer
from participants import validators
from participants.models import FundingSource, Participant, ReasonCode
from participants.selectors import PARTICIPANT_ID_PREFIX

# ---- input ---------------------------------------------------------------


# What the validators below enforce, stated in the schema so that generated valid data is
# valid (validation and its messages stay the serializers' own).
@extend_schema_field({"type": "string", "enum": validators.COUNTRY_CODES})
class CountryField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "enum": validators.CALLING_CODES})
class CallingCodeField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "pattern": "^[0-9]{1,17}$"})
class NationalNumberField(serializers.CharField):
    pass


# Not starting `usr_` and holding no `/` (validate_externalID); not blank once trimmed.
@extend_schema_field(
    {"type": "string", "maxLength": 255, "pattern": "^(?!\\s*usr_)[^/]*[^/\\s][^/]*$"}
)
class ExternalIDField(serializers.CharField):
    pass


class AddressInSerializer(serializers.Serializer):
    addressLine1 = serializers.CharField(max_length=255)
    addressLine2 = serializers.CharField(max_length=255, required=False, allow_blank=True)
    city = serializers.CharField(max_length=255)
    stateOrProvince = serializers.CharField(max_length=255)
    postalCode = serializers.CharField(max_length=64)
    country = CountryField(min_length=2, max_length=2, help_text="ISO 3166-1 alpha-2, uppercase")

    def validate_country(self, value: str) -> str:
        if not validators.is_country(value):
            raise serializers.ValidationError("must be an ISO 3166-1 alpha-2 country code")
        return value


class PhoneInSerializer(serializers.Serializer):
    countryCode = CallingCodeField(
        max_length=3, help_text="ITU calling code without a plus, ASCII digits"
    )
    number = NationalNumberField(
        max_length=17, help_text="National significant number, ASCII digits"
    )

    def validate(self, attrs):
        problem = validators.phone_problem(attrs["countryCode"], attrs["number"])
        if problem:
            field, message = problem
            raise serializers.ValidationError({field: message})
        return attrs


class FundingSourceInSerializer(serializers.Serializer):
    displayName = serializers.CharField(min_length=1, max_length=256, trim_whitespace=False)
    fundingType = serializers.ChoiceField(choices=FundingSource.FundingType.choices)
    last4 = serializers.CharField(max_length=4, required=False, allow_blank=True)
    providerSourceID = serializers.CharField(min_length=1, max_length=256, trim_whitespace=False)


class ParticipantCreateSerializer(serializers.Serializer):
    externalID = ExternalIDField(
        max_length=255, help_text="Unique within the provider; not starting `usr_`, no `/`"
    )
    givenName = serializers.CharField(max_length=255)
    middleName = serializers.CharField(max_length=255, required=False, allow_blank=True)
    familyName = serializers.CharField(max_length=255)
    nickName = serializers.CharField(max_length=255, required=False, allow_blank=True)
    dateOfBirth = serializers.DateField(required=False)
    address = AddressInSerializer()
    phones = PhoneInSerializer(many=True, allow_empty=False)
    emails = serializers.ListField(
        child=serializers.EmailField(max_length=320), required=False, max_length=20
    )
    fundingSources = FundingSourceInSerializer(many=True, required=False, max_length=50)

    def validate_externalID(self, value: str) -> str:
        # The path takes a participantID or an externalID; an externalID the path could never
        # resolve to its participant is refused here rather than accepted and then unreachable.
        if value.startswith(PARTICIPANT_ID_PREFIX):
            raise serializers.ValidationError(
                f"must not start with {PARTICIPANT_ID_PREFIX!r}: a path value starting with it "
                "is read as a participantID"
            )
        if "/" in value:
            raise serializers.ValidationError("must not contain '/': it could not be a path value")
        return value

    def validate_dateOfBirth(self, value: date) -> date:
        if value > date.today():
            raise serializers.ValidationError("must not be in the future")
        if value.year < 1900:
            raise serializers.ValidationError("must be after 1900-01-01")
        return value

    def validate_phones(self, phones: list[dict]) -> list[dict]:
        seen: set[tuple[str, str]] = set()
        errors: list[dict] = []
        for phone in phones:
            key = (phone["countryCode"], phone["number"])
            errors.append({"number": ["duplicates an earlier phone"]} if key in seen else {})
            seen.add(key)
        if any(errors):
            raise serializers.ValidationError(errors)
        return phones

    def validate_fundingSources(self, sources: list[dict]) -> list[dict]:
        # fundingType + providerSourceID identify a source; each may appear once per request.
        seen: set[tuple[str, str]] = set()
        errors: list[dict] = []
        for source in sources:
            key = (source["fundingType"], source["providerSourceID"])
            errors.append(
                {"providerSourceID": ["duplicates an earlier source of the same fundingType"]}
                if key in seen
                else {}
            )
            seen.add(key)
        if any(errors):
            raise serializers.ValidationError(errors)
        return sources


class SuspendSerializer(serializers.Serializer):
    reasonCode = serializers.ChoiceField(choices=ReasonCode.choices)
    note = serializers.CharField(
        min_length=1, max_length=512, required=False, trim_whitespace=False
    )
    expectedVersionID = serializers.CharField(max_length=64)

    def validate(self, attrs):
        if attrs["reasonCode"] == ReasonCode.OTHER and not attrs.get("note"):
            raise serializers.ValidationError({"note": ["is required when reasonCode is other"]})
        return attrs


class ReactivateSerializer(serializers.Serializer):
    note = serializers.CharField(min_length=1, max_length=512, trim_whitespace=False)
    expectedVersionID = serializers.CharField(max_length=64)


# ---- output --------------------------------------------------------------


class AddressSerializer(OmitEmptySerializer):
    addressLine1 = serializers.CharField(source="address_line1")
    addressLine2 = serializers.CharField(source="address_line2", required=False)
    city = serializers.CharField()
    stateOrProvince = serializers.CharField(source="state_or_province")
    postalCode = serializers.CharField(source="postal_code")
    country = serializers.CharField()


class PhoneNumberSerializer(serializers.Serializer):
    countryCode = serializers.CharField(source="country_code")
    number = serializers.CharField()


class PhoneSerializer(OmitEmptySerializer):
    createdOn = serializers.DateTimeField(source="created_on")
    disabledOn = serializers.DateTimeField(source="disabled_on", required=False)
    verifiedOn = serializers.DateTimeField(source="verified_on", required=False)
    phone = PhoneNumberSerializer(source="*")


class EmailSerializer(OmitEmptySerializer):
    createdOn = serializers.DateTimeField(source="created_on")
    disabledOn = serializers.DateTimeField(source="disabled_on", required=False)
    verifiedOn = serializers.DateTimeField(source="verified_on", required=False)
    email = serializers.CharField()


class LimitGroupRefSerializer(serializers.Serializer):
    groupID = serializers.CharField()
    name = serializers.CharField()


class RelationshipSummarySerializer(OmitEmptySerializer):
    suspended = serializers.BooleanField()
    versionID = serializers.CharField(source="relationship_version_id")
    suspendedOn = serializers.DateTimeField(source="suspended_on", required=False)
    reasonCode = serializers.ChoiceField(
        source="suspension_reason_code", choices=ReasonCode.choices, required=False
    )

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if not instance.suspended:
            data.pop("suspendedOn", None)
            data.pop("reasonCode", None)
        return data


# The IDs, name, date of birth and address the read and the 201 body open with (no docstring:
# the schema describes each subclass by its own, or the omission rule's).
class _ProfileSerializer(OmitEmptySerializer):
    participantID = serializers.CharField(source="participant_id")
    externalID = serializers.CharField(source="external_id")
    givenName = serializers.CharField(source="given_name")
    middleName = serializers.CharField(source="middle_name", required=False)
    familyName = serializers.CharField(source="family_name")
    nickName = serializers.CharField(source="nick_name", required=False)
    dateOfBirth = serializers.DateField(source="date_of_birth", required=False)
    address = AddressSerializer(source="*")


class ParticipantSerializer(_ProfileSerializer):
    versionID = serializers.CharField(
        source="profile_version_id",
        help_text="Opaque token of the details (names, address, phones, emails); send it as "
        "expectedVersionID to correct them. Not the relationship's versionID",
    )
    phones = PhoneSerializer(many=True)
    emails = EmailSerializer(many=True)
    limitGroups = LimitGroupRefSerializer(many=True)
    serviceAccountID = serializers.CharField(
        source="participant.service_account_id", required=False
    )
    status = serializers.ChoiceField(
        source="participant.status", choices=Participant.Status.choices
    )
    createdOn = serializers.DateTimeField(source="created_on")
    updatedOn = serializers.DateTimeField(
        help_text="The later of the enrollment's and the participant's last change"
    )
    disabledOn = serializers.DateTimeField(source="participant.disabled_on", required=False)
    relationship = RelationshipSummarySerializer(source="*")


class ParticipantCreatedSerializer(_ProfileSerializer):
    """The 201 body: IDs plus the profile echoed as it was sent (fundingSources not returned),
    then `status` (pending until onboarding finishes) and `relationship` as the participant
    read renders them, so a suspension can take its expectedVersionID from this answer."""

    phones = PhoneNumberSerializer(many=True)
    emails = serializers.ListField(child=serializers.CharField())
    status = serializers.ChoiceField(
        source="participant.status", choices=Participant.Status.choices
    )
    relationship = RelationshipSummarySerializer(source="*")


class ParticipantListSerializer(serializers.Serializer):
    participants = ParticipantSerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()


class FundingSourceSerializer(OmitEmptySerializer):
    fundingSourceID = serializers.CharField(source="id")
    providerSourceID = serializers.CharField(source="provider_source_id")
    displayName = serializers.CharField(source="display_name")
    fundingType = serializers.ChoiceField(
        source="funding_type", choices=FundingSource.FundingType.choices
    )
    last4 = serializers.CharField(required=False)
    createdOn = serializers.DateTimeField(source="created_on")
    updatedOn = serializers.DateTimeField(source="updated_on")
    disabledOn = serializers.DateTimeField(source="disabled_on", required=False)


class FundingSourceListSerializer(serializers.Serializer):
    fundingSources = FundingSourceSerializer(many=True)
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()


class ActorSerializer(OmitEmptySerializer):
    kind = serializers.ChoiceField(choices=["user", "application", "system"])
    userID = serializers.CharField(required=False)
    applicationKeyID = serializers.CharField(required=False)
    callingAccountID = serializers.CharField(required=False)


class RelationshipSerializer(OmitEmptySerializer):
    participantID = serializers.CharField()
    externalID = serializers.CharField()
    suspended = serializers.BooleanField()
    versionID = serializers.CharField()
    suspendedOn = serializers.DateTimeField(required=False)
    reasonCode = serializers.ChoiceField(choices=ReasonCode.choices, required=False)
    note = serializers.CharField(required=False)
    actor = ActorSerializer(required=False)


class RelationshipEnvelopeSerializer(serializers.Serializer):
    relationship = RelationshipSerializer()


# ---- corrections (input) -------------------------------------------------


class ParticipantUpdateSerializer(serializers.Serializer):
    """Only the fields sent change. `address` is replaced whole; `phones` and `emails` are the
    complete lists of active contacts (kept ones keep their dates, others are disabled)."""

    expectedVersionID = serializers.CharField(
        max_length=64, help_text="The participant's versionID from the latest read"
    )
    givenName = serializers.CharField(max_length=255, required=False)
    middleName = serializers.CharField(max_length=255, required=False, allow_blank=True)
    familyName = serializers.CharField(max_length=255, required=False)
    nickName = serializers.CharField(max_length=255, required=False, allow_blank=True)
    address = AddressInSerializer(required=False)
    phones = PhoneInSerializer(many=True, allow_empty=False, required=False, max_length=20)
    emails = serializers.ListField(
        child=serializers.EmailField(max_length=320), required=False, max_length=20
    )

    validate_phones = ParticipantCreateSerializer.validate_phones

    def validate_emails(self, emails: list[str]) -> list[str]:
        errors = [
            ["duplicates an earlier email"] if email in emails[:i] else []
            for i, email in enumerate(emails)
        ]
        if any(errors):
            raise serializers.ValidationError(dict(enumerate(errors)))
        return emails


def address_columns(address: dict) -> dict:
    """A validated `address` as the enrollment's columns."""
    return {
        "address_line1": address["addressLine1"],
        "address_line2": address.get("addressLine2", ""),
        "city": address["city"],
        "state_or_province": address["stateOrProvince"],
        "postal_code": address["postalCode"],
        "country": address["country"],
    }
