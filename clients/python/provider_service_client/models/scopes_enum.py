from enum import StrEnum

class ScopesEnum(StrEnum):
    EVENTS_READ = "events.read"
    LEDGER_READ = "ledger.read"
    LEDGER_WRITE = "ledger.write"
    LIMITS_READ = "limits.read"
    LIMITS_WRITE = "limits.write"
    PARTICIPANTS_READ = "participants.read"
    PARTICIPANTS_WRITE = "participants.write"
    PARTICIPANT_REVIEWS_READ = "participant-reviews.read"
    PARTICIPANT_REVIEWS_WRITE = "participant-reviews.write"
    PAYMENTS_READ = "payments.read"
    PAYMENTS_WRITE = "payments.write"
    PAYMENT_REVIEWS_WRITE = "payment-reviews.write"
    RELATIONSHIPS_WRITE = "relationships.write"
    SERVICE_DEVICES_READ = "service-devices.read"
    SERVICE_PAYMENTS_READ = "service-payments.read"
    WEBHOOKS_READ = "webhooks.read"
    WEBHOOKS_WRITE = "webhooks.write"

    def __str__(self) -> str:
        return str(self.value)
