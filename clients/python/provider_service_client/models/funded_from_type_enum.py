from enum import StrEnum

class FundedFromTypeEnum(StrEnum):
    AFT = "aft"
    CORE_LEDGER = "core_ledger"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
