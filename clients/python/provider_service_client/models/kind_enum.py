from enum import StrEnum

class KindEnum(StrEnum):
    APPLICATION = "application"
    SYSTEM = "system"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
