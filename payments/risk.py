"""The payment risk hook: payment creation asks the risk engine about a payment through it.

Payments cannot import the apps above it, so `reviews` registers "assess, then open a review"
on `assessor` from its `AppConfig.ready()`. The hook is required: with nothing registered
creating a payment raises (its transaction rolls back) instead of allowing it, and the system
check stops startup (`common.hooks`).

An assessor is called with the payment and, when the caller saw the device the payment was
made from, a `device` keyword (a `common.devices.Device`). The payer of a request is screened
through `payer_assessor` when it pays from a device the caller saw.
"""

from common.hooks import Hook
from common.verdicts import RiskVerdict

assessor = Hook(
    "payments.payment_assessor",
    required=True,
    filled_by="the reviews app",
    doc="Called with a payment being created (already recorded, inside its transaction) and "
    "optionally device=; answers a RiskVerdict.",
)

payer_assessor = Hook(
    "payments.payer_assessor",
    required=True,
    filled_by="the reviews app",
    doc="Called with a request being paid (inside its transaction), the payer's enrollment and "
    "the device it paid from; records the payer's assessment with that device.",
)


def assess(payment, device=None) -> RiskVerdict:
    """The verdict on a payment being created (called inside the creation transaction)."""
    if device is None:
        return assessor.call(payment)
    return assessor.call(payment, device=device)


def assess_payer(payment, payer_enrollment, device) -> RiskVerdict:
    """The payer's assessment at the payment of a request, with the device it paid from."""
    return payer_assessor.call(payment, payer_enrollment, device=device)
