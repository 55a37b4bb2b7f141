from enum import StrEnum

class PayoutTypeEnum(StrEnum):
    PAYOUT = "payout"

    def __str__(self) -> str:
        return str(self.value)
