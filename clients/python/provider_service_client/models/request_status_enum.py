from enum import StrEnum

class RequestStatusEnum(StrEnum):
    AUTHENTICATED = "authenticated"
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    CREATED = "created"
    DECLINED = "declined"
    DENIED = "denied"
    DISBURSEMENT_FAILED = "disbursement_failed"
    DISBURSING = "disbursing"
    EXPIRED = "expired"
    FUNDED = "funded"
    PAYING = "paying"
    REVERSAL_FAILED = "reversal_failed"
    REVERSED = "reversed"
    REVERSING = "reversing"

    def __str__(self) -> str:
        return str(self.value)
