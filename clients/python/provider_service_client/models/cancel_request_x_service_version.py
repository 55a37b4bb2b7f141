from enum import StrEnum

class CancelRequestXServiceVersion(StrEnum):
    V2026_07_00 = "v2026.07.00"
    V2026_10_00 = "v2026.10.00"

    def __str__(self) -> str:
        return str(self.value)
