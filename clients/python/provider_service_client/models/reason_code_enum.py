from enum import StrEnum

class ReasonCodeEnum(StrEnum):
    ACCOUNT_COMPROMISE = "account-compromise"
    COMPLIANCE_REVIEW = "compliance-review"
    CUSTOMER_REQUEST = "customer-request"
    LEGAL_HOLD = "legal-hold"
    OTHER = "other"
    POLICY_VIOLATION = "policy-violation"
    SUSPECTED_FRAUD = "suspected-fraud"

    def __str__(self) -> str:
        return str(self.value)
