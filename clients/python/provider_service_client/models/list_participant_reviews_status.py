from enum import StrEnum

class ListParticipantReviewsStatus(StrEnum):
    PENDING = "pending"
    RESOLVED = "resolved"

    def __str__(self) -> str:
        return str(self.value)
