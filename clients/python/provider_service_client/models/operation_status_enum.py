from enum import StrEnum

class OperationStatusEnum(StrEnum):
    FAILED = "failed"
    PENDING = "pending"
    RESERVED = "reserved"
    SUCCEEDED = "succeeded"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
