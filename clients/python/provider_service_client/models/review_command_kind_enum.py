from enum import StrEnum

class ReviewCommandKindEnum(StrEnum):
    ASSIGN = "assign"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
