"""What an assessment looks at: the event, its time, the participant's enrollment, the
customer evidence, and the payment and device when there are ones."""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from common.devices import Device
from common.money import format_minor, get_currency


@dataclass(frozen=True)
class Subject:
    event: str  # RiskAssessment.Event
    at: datetime
    enrollment: object  # participants.models.Enrollment
    signals: dict[str, str]  # {signal key: level}
    payment: object | None = None  # payments.models.Payment, already recorded
    device: Device | None = None
    # The enrollment's active phones (E.164) as the evidence's profile read them; None: not
    # read yet (a condition that needs them reads them).
    phones: tuple[str, ...] | None = None
    # Why the evidence forces a review whatever the rules say (a name near a sanctioned one,
    # `risk.signals.review_reason`); "" when it does not.
    review_reason: str = ""

    @property
    def participant_id(self) -> str:
        return self.enrollment.participant_id

    @property
    def provider_id(self) -> str:
        return self.enrollment.provider_id


def payment_amount(payment) -> Decimal:
    """The payment's amount in major units of its currency (the platform currency)."""
    currency = get_currency(payment.currency)
    return Decimal(format_minor(payment.amount_minor, currency))


def display_amount(payment) -> str:
    return (
        f"{format_minor(payment.amount_minor, get_currency(payment.currency))} {payment.currency}"
    )
