from enum import StrEnum

class RailEnum(StrEnum):
    AFT = "aft"
    CORE_CREDIT = "core_credit"
    CORE_HOLD = "core_hold"
    OCT = "oct"

    def __str__(self) -> str:
        return str(self.value)
