"""Requests for payment over the API: create one for a requester, pay or decline one as its
payer, cancel one. Each calls the service the staff command calls and answers the request as
`GET …/requests/{requestID}` renders it."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action

from api import scopes
from api.devices import device_from
from api.validation import validated
from payments import services
from payments.api import command_examples as ex
from payments.api import command_serializers as s
from payments.api.command_base import PaymentCommandViewSet
from payments.api.serializers import RequestEnvelopeSerializer
from payments.models import PaymentType

TAG = "Requests"
ACTIONS = ("create", "pay", "decline", "cancel")
CREATE_BODY = {
    "participantID": "cust-42",
    "payer": {"phoneNumber": "+14155550123"},
    "amount": {"value": "25.00", "currency": {"code": "USD"}},
    "memo": "Dinner",
    "device": ex.DEVICE,
}
PROBLEMS = (
    "Problems: 404 when the request (or the participant, or the funding source named) is not "
    "yours; 409 `state-conflict` when the status does not allow it; 422 `invalid-request` for "
    "a body that fails validation."
)
ADDRESSED = (
    " A request another provider's participant made is yours to act on only when it is "
    "addressed to an active phone of the participant named (or that participant is already "
    "its payer); otherwise it is 404 as a missing one."
)


# /requests (create), /requests/{requestID}/payments, …/declines, …/cancellations.
class RequestCommandViewSet(PaymentCommandViewSet):
    lookup_url_kwarg = "requestID"
    payment_type = PaymentType.REQUEST
    initiator_actions = ("cancel",)
    counterparty_actions = ("pay", "decline")
    required_scopes = {name: (scopes.PAYMENTS_WRITE,) for name in ACTIONS}
    idempotent_actions = ACTIONS
    problem_responses = {name: (404, 409, 422) for name in ACTIONS}
    response_links = {
        name: {"GetRequest": ("getRequest", {"requestID": "request/requestID"})} for name in ACTIONS
    }

    @extend_schema(
        operation_id="createRequest",
        summary="Request money",
        description="One of your participants asks a phone number for money, to be paid into "
        "the requester's newest active funding source. The service checks the relationship "
        "(a suspended requester cannot request) and screens the request for risk: the answer "
        "is `created`, or `denied` when the risk engine refused it. " + PROBLEMS + " 409 "
        "`state-conflict` also when the requester is suspended or not active; 422 also when "
        "the requester has no active funding source.",
        tags=[TAG],
        request=s.RequestCreateSerializer,
        responses={201: RequestEnvelopeSerializer},
        examples=[
            ex.request_example("A request for dinner", CREATE_BODY),
            ex.response_example("Created, waiting for the payer", "request", ex.REQUEST),
        ],
    )
    def create(self, request, providerID):
        data = validated(s.RequestCreateSerializer, request.data)
        created = services.create_request(
            data=services.NewRequest(
                provider_id=self.provider_id,
                requester=data["participantID"],
                payer_phone=data["payer"]["phoneNumber"],
                amount_minor=data["amount"]["minor"],
                currency=data["amount"]["currency"],
                memo=data.get("memo", ""),
                device=device_from(data.get("device")),
            ),
            actor=self.principal.actor,
        )
        return self.answer(created.pk)

    @extend_schema(
        operation_id="payRequest",
        summary="Pay a request as its payer",
        description="Your participant pays: it becomes the bound payer, the service collects "
        "from the funding source named (its newest active one when none is) and disburses to "
        "the requester, or keeps the money in `funded` while the requester is suspended or on "
        "hold. A failed collection leaves the request `authenticated`, to be paid again. A "
        "suspended payer cannot pay. The device it paid from is screened with the payer."
        + ADDRESSED
        + " "
        + PROBLEMS,
        tags=[TAG],
        request=s.RequestPaySerializer,
        responses={201: RequestEnvelopeSerializer},
        examples=[
            ex.request_example(
                "The payer pays from its card",
                {
                    "participantID": "cust-77",
                    "fundingSourceID": "fs_01HZY3T2M4N6P8Q0R2S4T6V8W0",
                    "device": ex.DEVICE,
                },
            ),
            ex.response_example("Collected and paid out", "request", ex.PAID),
        ],
    )
    @action(detail=True, methods=["post"], url_path="payments")
    def pay(self, request, providerID, requestID):
        data = validated(s.RequestPaySerializer, request.data)
        services.pay_request(
            request_id=requestID,
            payer_provider_id=self.provider_id,
            payer=data["participantID"],
            funding_source_id=data.get("fundingSourceID"),
            device=device_from(data.get("device")),
            actor=self.principal.actor,
        )
        return self.answer(requestID)

    @extend_schema(
        operation_id="declineRequest",
        summary="Decline a request as its payer",
        description="Your participant declines a request that is `created` or `authenticated`; "
        "it is bound as the payer first, so the request stays visible to you."
        + ADDRESSED
        + " "
        + PROBLEMS,
        tags=[TAG],
        request=s.RequestDeclineSerializer,
        responses={201: RequestEnvelopeSerializer},
        examples=[
            ex.request_example("The payer declines", {"participantID": "cust-77"}),
            ex.response_example("Declined", "request", ex.DECLINED),
        ],
    )
    @action(detail=True, methods=["post"], url_path="declines")
    def decline(self, request, providerID, requestID):
        data = validated(s.RequestDeclineSerializer, request.data)
        services.decline_request(
            request_id=requestID,
            payer_provider_id=self.provider_id,
            payer=data["participantID"],
            actor=self.principal.actor,
        )
        return self.answer(requestID)

    @extend_schema(
        operation_id="cancelRequest",
        summary="Cancel a request",
        description="The requester's provider cancels a request nobody is paying (`created` "
        "or `authenticated`). Only the provider whose participant made it can cancel it. "
        + PROBLEMS,
        tags=[TAG],
        request=None,
        responses={201: RequestEnvelopeSerializer},
        examples=[ex.response_example("Cancelled", "request", ex.CANCELLED_REQUEST)],
    )
    @action(detail=True, methods=["post"], url_path="cancellations")
    def cancel(self, request, providerID, requestID):
        services.cancel_request(request_id=requestID, actor=self.principal.actor)
        return self.answer(requestID)
