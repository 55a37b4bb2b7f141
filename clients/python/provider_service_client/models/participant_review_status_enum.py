from enum import StrEnum

class ParticipantReviewStatusEnum(StrEnum):
    PENDING = "pending"
    RESOLVED = "resolved"

    def __str__(self) -> str:
        return str(self.value)
