from enum import StrEnum

class KtyEnum(StrEnum):
    OCT = "oct"

    def __str__(self) -> str:
        return str(self.value)
