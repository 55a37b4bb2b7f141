from enum import StrEnum

class RequestTypeEnum(StrEnum):
    REQUEST = "request"

    def __str__(self) -> str:
        return str(self.value)
