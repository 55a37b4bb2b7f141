"""Payment response shapes in the contract's field names (input: `payments.rendering`)."""

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from api.serializers import AmountSerializer, OmitEmptySerializer
from participants.models import FundingSource
from payments.models import (
    FundingAttempt,
    Operation,
    PaymentEntry,
    PaymentType,
    PayoutStatus,
    RequestStatus,
)


class FundingSerializer(OmitEmptySerializer):
    fundingType = serializers.ChoiceField(choices=FundingSource.FundingType.choices)
    displayName = serializers.CharField(required=False)
    last4 = serializers.CharField(required=False, max_length=4)


class PartySerializer(OmitEmptySerializer):
    participantID = serializers.CharField(required=False)
    externalID = serializers.CharField(required=False)
    displayName = serializers.CharField(required=False)
    phoneNumber = serializers.CharField(required=False, help_text="E.164")
    funding = FundingSerializer(required=False)


class HoldSerializer(OmitEmptySerializer):
    active = serializers.BooleanField()
    expiresOn = serializers.DateTimeField(required=False)


class OperationSerializer(OmitEmptySerializer):
    operationID = serializers.CharField()
    type = serializers.ChoiceField(choices=Operation.Type.choices)
    rail = serializers.ChoiceField(choices=Operation.Rail.choices)
    status = serializers.ChoiceField(choices=Operation.Status.choices)
    occurredOn = serializers.DateTimeField()
    externalReference = serializers.CharField(required=False)
    failureCode = serializers.CharField(required=False)


class FundedFromSerializer(OmitEmptySerializer):
    fundingType = serializers.ChoiceField(choices=FundingAttempt.FundingType.choices)
    reference = serializers.CharField(required=False)


# ---- list rows -------------------------------------------------------------------------


class _RowSerializer(OmitEmptySerializer):
    type = serializers.ChoiceField(choices=PaymentType.choices)
    paymentID = serializers.CharField()
    amount = AmountSerializer()
    status = serializers.CharField()
    referenceNumber = serializers.CharField()
    memo = serializers.CharField(required=False)
    initiator = PartySerializer()
    counterparty = PartySerializer()
    hold = HoldSerializer()
    createdOn = serializers.DateTimeField()
    expiresOn = serializers.DateTimeField()
    completedOn = serializers.DateTimeField(required=False)


class PayoutRowSerializer(_RowSerializer):
    type = serializers.ChoiceField(choices=[PaymentType.PAYOUT])
    status = serializers.ChoiceField(choices=PayoutStatus.choices)


class RequestRowSerializer(_RowSerializer):
    type = serializers.ChoiceField(choices=[PaymentType.REQUEST])
    status = serializers.ChoiceField(choices=RequestStatus.choices)


class _DirectionMixin(serializers.Serializer):
    direction = serializers.ChoiceField(choices=PaymentEntry.Direction.choices)


class ParticipantPayoutRowSerializer(PayoutRowSerializer, _DirectionMixin):
    pass


class ParticipantRequestRowSerializer(RequestRowSerializer, _DirectionMixin):
    pass


class LegacyCounterpartySerializer(OmitEmptySerializer):
    displayName = serializers.CharField(required=False)
    phoneNumber = serializers.CharField(required=False)


class LegacyParticipantRowSerializer(OmitEmptySerializer):
    """The participant-scoped item of v2026.07.00."""

    id = serializers.CharField()
    amount = AmountSerializer()
    counterparty = LegacyCounterpartySerializer()
    createdOn = serializers.DateTimeField()
    direction = serializers.ChoiceField(choices=PaymentEntry.Direction.choices)
    memo = serializers.CharField(required=False)
    status = serializers.CharField()
    type = serializers.ChoiceField(choices=PaymentType.choices)


ROWS = {PaymentType.PAYOUT: PayoutRowSerializer, PaymentType.REQUEST: RequestRowSerializer}
PARTICIPANT_ROWS = {
    PaymentType.PAYOUT: ParticipantPayoutRowSerializer,
    PaymentType.REQUEST: ParticipantRequestRowSerializer,
}


PaymentRow = PolymorphicProxySerializer(
    component_name="PaymentRow",
    serializers=[PayoutRowSerializer, RequestRowSerializer],
    resource_type_field_name=None,
    many=True,
)
ParticipantPaymentRow = PolymorphicProxySerializer(
    component_name="ParticipantPaymentRow",
    serializers=[
        ParticipantPayoutRowSerializer,
        ParticipantRequestRowSerializer,
        LegacyParticipantRowSerializer,
    ],
    resource_type_field_name=None,
    many=True,
)


class PaymentListSerializer(serializers.Serializer):
    payments = PaymentRow
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()


class ParticipantPaymentListSerializer(serializers.Serializer):
    payments = ParticipantPaymentRow
    nextCursor = serializers.CharField(required=False)
    hasMore = serializers.BooleanField()


# ---- details ---------------------------------------------------------------------------


class _DetailSerializer(OmitEmptySerializer):
    referenceNumber = serializers.CharField()
    amount = AmountSerializer()
    memo = serializers.CharField(required=False)
    hold = HoldSerializer()
    reviewIDs = serializers.ListField(child=serializers.CharField())
    assessmentIDs = serializers.ListField(child=serializers.CharField())
    operations = OperationSerializer(many=True)
    createdOn = serializers.DateTimeField()
    expiresOn = serializers.DateTimeField()
    completedOn = serializers.DateTimeField(required=False)


class PayoutDetailSerializer(_DetailSerializer):
    payoutID = serializers.CharField()
    status = serializers.ChoiceField(choices=PayoutStatus.choices)
    sender = PartySerializer()
    recipient = PartySerializer()
    fundedFrom = FundedFromSerializer(required=False)
    claimedOn = serializers.DateTimeField(required=False)


class RequestDetailSerializer(_DetailSerializer):
    requestID = serializers.CharField()
    status = serializers.ChoiceField(choices=RequestStatus.choices)
    requester = PartySerializer()
    payer = PartySerializer()
    fundedOn = serializers.DateTimeField(required=False)


class PayoutEnvelopeSerializer(serializers.Serializer):
    payout = PayoutDetailSerializer()


class RequestEnvelopeSerializer(serializers.Serializer):
    request = RequestDetailSerializer()
