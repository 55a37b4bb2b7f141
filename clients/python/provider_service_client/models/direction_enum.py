from enum import StrEnum

class DirectionEnum(StrEnum):
    RECEIVED = "received"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)
