from enum import StrEnum

class ListParticipantPaymentsType(StrEnum):
    PAYOUT = "payout"
    REQUEST = "request"

    def __str__(self) -> str:
        return str(self.value)
