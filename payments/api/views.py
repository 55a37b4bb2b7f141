"""Payment read endpoints as viewsets: parse, authorize, call one selector, render for the
caller."""

from functools import partial

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from api import scopes
from api.filters import ProviderFilterBackend
from api.pagination import Keyset
from api.views import ProviderViewSet
from participants.api.base import ParticipantPath
from payments import page_rows, rendering, selectors
from payments.api import docs
from payments.api import serializers as s
from payments.api.filters import ParticipantPaymentFilterSet, PaymentFilterSet
from payments.models import Payment, PaymentType

# The version whose participant-scoped list item is the earlier, flatter shape.
LEGACY_ROW_VERSION = "v2026.07.00"


# /payments: the provider's payments.
@docs.PAYMENTS
class PaymentViewSet(ProviderViewSet):
    replica_actions = ("list",)
    required_scopes = {"list": (scopes.PAYMENTS_READ,)}
    problem_responses = {"list": (422,)}
    queryset = Payment.objects.none()  # the model the schema's filters are typed from
    filter_backends = [ProviderFilterBackend]
    filterset_class = PaymentFilterSet
    keyset = Keyset(id_field="payment_id")
    envelope_key = cursor_scope_name = "payments"

    @extend_schema(
        operation_id="listPayments",
        responses={200: s.PaymentListSerializer},
    )
    def list(self, request, providerID):
        filters = self.query_filterset().payment_filters()
        self.cursor_filters = filters.binding()
        page = self.paginate_queryset(selectors.list_entries(self.provider_id, filters))
        entries = page_rows.attach_payments(page)
        rendered = [rendering.render_payment_row(entry, self.provider_id) for entry in entries]
        return self.get_paginated_response(rendered)


# /participants/{participantID}/payments: one participant's payments.
@docs.PARTICIPANT_PAYMENTS
class ParticipantPaymentViewSet(ParticipantPath, ProviderViewSet):
    replica_actions = ("list",)
    required_scopes = {"list": (scopes.PAYMENTS_READ,)}
    problem_responses = {"list": (404, 422)}
    queryset = Payment.objects.none()
    filter_backends = [ProviderFilterBackend]
    filterset_class = ParticipantPaymentFilterSet
    keyset = Keyset(id_field="payment_id")
    envelope_key = "payments"

    def cursor_scope(self) -> str:
        return f"participants/{self.enrollment.participant_id}/payments"

    @extend_schema(
        operation_id="listParticipantPayments",
        responses={200: s.ParticipantPaymentListSerializer},
    )
    def list(self, request, providerID, participantID):
        filters = self.query_filterset().payment_filters()
        self.cursor_filters = filters.binding()
        page = self.paginate_queryset(
            selectors.list_entries(
                self.provider_id, filters, participant_id=self.enrollment.participant_id
            )
        )
        entries = page_rows.attach_payments(page)
        if request.version == LEGACY_ROW_VERSION:
            render = rendering.render_legacy_payment_row
        else:
            render = partial(rendering.render_payment_row, scoped=True)
        rows = [render(entry, self.provider_id) for entry in entries]
        return self.get_paginated_response(rows)


# /payouts/{payoutID}.
@docs.PAYOUT
class PayoutViewSet(ProviderViewSet):
    lookup_url_kwarg = "payoutID"
    required_scopes = {"retrieve": (scopes.PAYMENTS_READ,)}
    problem_responses = {"retrieve": (404,)}

    @extend_schema(operation_id="getPayout", responses={200: s.PayoutEnvelopeSerializer})
    def retrieve(self, request, providerID, payoutID):
        payout = selectors.get_typed_for_provider(self.provider_id, payoutID, PaymentType.PAYOUT)
        return Response({"payout": rendering.render_payout(payout, self.provider_id)})


# /requests/{requestID}.
@docs.REQUEST
class RequestViewSet(ProviderViewSet):
    lookup_url_kwarg = "requestID"
    required_scopes = {"retrieve": (scopes.PAYMENTS_READ,)}
    problem_responses = {"retrieve": (404,)}

    @extend_schema(operation_id="getRequest", responses={200: s.RequestEnvelopeSerializer})
    def retrieve(self, request, providerID, requestID):
        payment = selectors.get_typed_for_provider(self.provider_id, requestID, PaymentType.REQUEST)
        detail = rendering.render_request(payment, self.provider_id)
        return Response({"request": detail})
