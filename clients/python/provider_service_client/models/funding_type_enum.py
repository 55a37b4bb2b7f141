from enum import StrEnum

class FundingTypeEnum(StrEnum):
    BANK_ACCOUNT = "bank_account"
    CARD = "card"

    def __str__(self) -> str:
        return str(self.value)
