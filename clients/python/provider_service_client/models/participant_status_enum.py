from enum import StrEnum

class ParticipantStatusEnum(StrEnum):
    ACTIVE = "active"
    DENIED = "denied"
    DISABLED = "disabled"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
