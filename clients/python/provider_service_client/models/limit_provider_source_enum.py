from enum import StrEnum

class LimitProviderSourceEnum(StrEnum):
    PLATFORM = "platform"
    PROVIDER = "provider"

    def __str__(self) -> str:
        return str(self.value)
