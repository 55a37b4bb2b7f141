from enum import StrEnum

class KeyEnum(StrEnum):
    ADDRESSRISKLEVEL = "addressRiskLevel"
    EMAILDOMAINLEVEL = "emailDomainLevel"
    EMAILLEVEL = "emailLevel"
    PEPLEVEL = "pepLevel"
    PHONELEVEL = "phoneLevel"
    SANCTIONLEVEL = "sanctionLevel"

    def __str__(self) -> str:
        return str(self.value)
