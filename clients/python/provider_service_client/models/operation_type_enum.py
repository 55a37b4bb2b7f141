from enum import StrEnum

class OperationTypeEnum(StrEnum):
    AUTHORIZE = "authorize"
    CAPTURE = "capture"
    COLLECT = "collect"
    DISBURSE = "disburse"
    REFUND = "refund"
    RELEASE = "release"

    def __str__(self) -> str:
        return str(self.value)
