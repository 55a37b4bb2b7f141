from enum import StrEnum

class DecisionEnum(StrEnum):
    ALLOW = "allow"
    DENY = "deny"
    REVIEW = "review"

    def __str__(self) -> str:
        return str(self.value)
