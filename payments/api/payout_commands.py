"""Payouts over the API: create one for a sender, claim one for a recipient, cancel one.
Each calls the service the staff command calls and answers the payout as
`GET …/payouts/{payoutID}` renders it."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action

from api import scopes
from api.devices import device_from
from api.validation import validated
from payments import services
from payments.api import command_examples as ex
from payments.api import command_serializers as s
from payments.api.command_base import PaymentCommandViewSet
from payments.api.serializers import PayoutEnvelopeSerializer
from payments.models import PaymentType

TAG = "Payouts"
CREATE_BODY = {
    "participantID": "cust-42",
    "recipient": {"phoneNumber": "+14155550123"},
    "amount": {"value": "25.00", "currency": {"code": "USD"}},
    "memo": "Dinner",
    "fundingSourceID": "fs_01HZY3S9E2F4G6H8J0K2M4N6P8",
    "device": ex.DEVICE,
}
PROBLEMS = (
    "Problems: 404 when the payout (or the participant, or the funding source named) is not "
    "yours; 409 `state-conflict` when the status does not allow it; 422 `invalid-request` for "
    "a body that fails validation."
)


# /payouts (create), /payouts/{payoutID}/claims, /payouts/{payoutID}/cancellations.
class PayoutCommandViewSet(PaymentCommandViewSet):
    lookup_url_kwarg = "payoutID"
    payment_type = PaymentType.PAYOUT
    initiator_actions = ("cancel",)
    counterparty_actions = ("claim",)
    required_scopes = {name: (scopes.PAYMENTS_WRITE,) for name in ("create", "claim", "cancel")}
    idempotent_actions = ("create", "claim", "cancel")
    problem_responses = {name: (404, 409, 422) for name in ("create", "claim", "cancel")}
    response_links = {
        name: {"GetPayout": ("getPayout", {"payoutID": "payout/payoutID"})}
        for name in ("create", "claim", "cancel")
    }

    @extend_schema(
        operation_id="createPayout",
        summary="Send a payout",
        description="One of your participants sends money to a phone number. The service "
        "checks the relationship (a suspended sender cannot send) and the sender's send "
        "limits, screens the payout for risk, and asks your ledger to hold the amount on the "
        "funding source named (the sender's newest active one when none is). The answer is "
        "the payout as committed: `initiated`, the hold being asked of your ledger once the "
        "payout is recorded (read the payout, or follow its events, for `accepted` or "
        "`denied`), or `denied` at once when the risk engine refused it. " + PROBLEMS + " 409 "
        "`state-conflict` also when the sender is suspended or not active; 422 "
        "`send-limit-exceeded` when a send limit would be passed.",
        tags=[TAG],
        request=s.PayoutCreateSerializer,
        responses={201: PayoutEnvelopeSerializer},
        examples=[
            ex.request_example("A payout drawn on a card", CREATE_BODY),
            ex.response_example("Held and claimable", "payout", ex.PAYOUT),
        ],
    )
    def create(self, request, providerID):
        data = validated(s.PayoutCreateSerializer, request.data)
        payout = services.create_payout(
            data=services.NewPayout(
                provider_id=self.provider_id,
                sender=data["participantID"],
                recipient_phone=data["recipient"]["phoneNumber"],
                amount_minor=data["amount"]["minor"],
                currency=data["amount"]["currency"],
                memo=data.get("memo", ""),
                funding_source_id=data.get("fundingSourceID"),
                device=device_from(data.get("device")),
            ),
            actor=self.principal.actor,
        )
        return self.answer(payout.pk)

    @extend_schema(
        operation_id="claimPayout",
        summary="Claim a payout for its recipient",
        description="Your participant who holds the phone the payout was sent to claims it: "
        "it becomes the bound recipient, the service asks the sender's ledger to capture the "
        "hold, and disburses to the recipient. A payout can be claimed while `accepted` and "
        "before `expiresOn`, never by its sender, and not while a payment review holds it. "
        "A payout another provider's participant sent is yours to claim only when it is "
        "addressed to an active phone of the participant named; otherwise it is 404 as a "
        "missing one. " + PROBLEMS,
        tags=[TAG],
        request=s.PayoutClaimSerializer,
        responses={201: PayoutEnvelopeSerializer},
        examples=[
            ex.request_example("The recipient claims", {"participantID": "cust-77"}),
            ex.response_example("Claimed: capture under way", "payout", ex.CLAIMED),
        ],
    )
    @action(detail=True, methods=["post"], url_path="claims")
    def claim(self, request, providerID, payoutID):
        data = validated(s.PayoutClaimSerializer, request.data)
        services.claim_payout(
            payout_id=payoutID,
            recipient_provider_id=self.provider_id,
            recipient=data["participantID"],
            actor=self.principal.actor,
        )
        return self.answer(payoutID)

    @extend_schema(
        operation_id="cancelPayout",
        summary="Cancel a payout",
        description="The sender's provider cancels a payout that has not been claimed "
        "(`authorized` or `accepted`); the service asks your ledger to release the hold. "
        "Only the provider whose participant sent it can cancel it. " + PROBLEMS,
        tags=[TAG],
        request=s.PayoutCancelSerializer,
        responses={201: PayoutEnvelopeSerializer},
        examples=[
            ex.request_example("Cancelled at the sender's request", {"reason": "sent twice"}),
            ex.response_example("Cancelled; the hold is released", "payout", ex.CANCELLED),
        ],
    )
    @action(detail=True, methods=["post"], url_path="cancellations")
    def cancel(self, request, providerID, payoutID):
        data = validated(s.PayoutCancelSerializer, request.data)
        services.cancel_payout(
            payout_id=payoutID,
            reason=data.get("reason") or "cancelled by the provider",
            actor=self.principal.actor,
        )
        return self.answer(payoutID)
