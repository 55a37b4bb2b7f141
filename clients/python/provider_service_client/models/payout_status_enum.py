from enum import StrEnum

class PayoutStatusEnum(StrEnum):
    ACCEPTED = "accepted"
    AUTHORIZED = "authorized"
    CANCELLED = "cancelled"
    CLAIMING = "claiming"
    COMPLETED = "completed"
    DENIED = "denied"
    EXPIRED = "expired"
    FAILED = "failed"
    INITIATED = "initiated"
    PAYOUT_FAILED = "payout_failed"

    def __str__(self) -> str:
        return str(self.value)
