from enum import StrEnum

class AlgEnum(StrEnum):
    A256KW = "A256KW"

    def __str__(self) -> str:
        return str(self.value)
