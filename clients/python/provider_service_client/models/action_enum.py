from enum import StrEnum

class ActionEnum(StrEnum):
    NO_ACTION = "no_action"
    SUSPEND = "suspend"

    def __str__(self) -> str:
        return str(self.value)
