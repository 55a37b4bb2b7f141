from enum import StrEnum

class ListPaymentsStatusItem(StrEnum):
    ACCEPTED = "accepted"
    AUTHENTICATED = "authenticated"
    AUTHORIZED = "authorized"
    CANCELLED = "cancelled"
    CLAIMING = "claiming"
    COMPLETED = "completed"
    CREATED = "created"
    DECLINED = "declined"
    DENIED = "denied"
    DISBURSEMENT_FAILED = "disbursement_failed"
    DISBURSING = "disbursing"
    EXPIRED = "expired"
    FAILED = "failed"
    FUNDED = "funded"
    INITIATED = "initiated"
    PAYING = "paying"
    PAYOUT_FAILED = "payout_failed"
    REVERSAL_FAILED = "reversal_failed"
    REVERSED = "reversed"
    REVERSING = "reversing"

    def __str__(self) -> str:
        return str(self.value)
