from enum import StrEnum

class UseEnum(StrEnum):
    ENC = "enc"

    def __str__(self) -> str:
        return str(self.value)
