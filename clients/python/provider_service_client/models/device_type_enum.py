from enum import StrEnum

class DeviceTypeEnum(StrEnum):
    DESKTOP = "desktop"
    MOBILE = "mobile"

    def __str__(self) -> str:
        return str(self.value)
