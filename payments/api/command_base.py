"""What the payment write viewsets share: the payment the path names is looked up before the
body is validated (docs/decisions/order-of-checks.md), and the answer renders it as its GET."""

from rest_framework import status
from rest_framework.response import Response

from api.views import ProviderViewSet
from payments import rendering, selectors
from payments.models import PaymentType

_RENDER = {
    PaymentType.PAYOUT: ("payout", rendering.render_payout),
    PaymentType.REQUEST: ("request", rendering.render_request),
}


# (A comment, not a docstring: drf-spectacular would print a docstring on every operation.)
# The payment's type, the path value naming it, and which actions are the initiator's and
# which the other party's, named by `participantID` in the body.
class PaymentCommandViewSet(ProviderViewSet):
    payment_type: str = ""
    initiator_actions: tuple[str, ...] = ()
    counterparty_actions: tuple[str, ...] = ()

    def resolve_path(self, kwargs: dict) -> None:
        payment_id = kwargs.get(self.lookup_url_kwarg)
        if self.action in self.initiator_actions:
            selectors.check_initiated_by(self.provider_id, payment_id, self.payment_type)
        elif self.action in self.counterparty_actions:
            # Read as sent: a payment this provider does not see is addressed to it only
            # through the participant the body names (validated next, once it is found).
            named = self.request.data.get("participantID") if _is_object(self.request) else None
            selectors.check_addressed_to(
                self.provider_id,
                payment_id,
                self.payment_type,
                named if isinstance(named, str) else None,
            )

    def answer(self, payment_id: str) -> Response:
        """The payment as its GET renders it for this provider, 201."""
        key, render = _RENDER[self.payment_type]
        payment = selectors.get_typed_for_provider(self.provider_id, payment_id, self.payment_type)
        return Response({key: render(payment, self.provider_id)}, status=status.HTTP_201_CREATED)


def _is_object(request) -> bool:
    return isinstance(request.data, dict)
