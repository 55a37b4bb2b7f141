from enum import StrEnum

class ListPaymentsType(StrEnum):
    PAYOUT = "payout"
    REQUEST = "request"

    def __str__(self) -> str:
        return str(self.value)
