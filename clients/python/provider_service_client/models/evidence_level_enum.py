from enum import StrEnum

class EvidenceLevelEnum(StrEnum):
    HIGH = "high"
    LOW = "low"
    MEDIUM = "medium"
    UNKNOWN = "unknown"
    VERY_HIGH = "very_high"

    def __str__(self) -> str:
        return str(self.value)
