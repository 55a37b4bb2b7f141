from enum import StrEnum

class PaymentTypeEnum(StrEnum):
    PAYOUT = "payout"
    REQUEST = "request"

    def __str__(self) -> str:
        return str(self.value)
