from enum import StrEnum

class EventTypeEnum(StrEnum):
    COMMAND_APPLIED = "command.applied"
    COMMAND_REJECTED = "command.rejected"
    FUNDING_SOURCE_ADDED = "funding_source.added"
    FUNDING_SOURCE_REMOVED = "funding_source.removed"
    LIMIT_GROUP_DELETED = "limit_group.deleted"
    PARTICIPANT_ACTIVATED = "participant.activated"
    PARTICIPANT_DENIED = "participant.denied"
    PARTICIPANT_REVIEW_ASSIGNED = "participant_review.assigned"
    PARTICIPANT_REVIEW_OPENED = "participant_review.opened"
    PARTICIPANT_REVIEW_RESOLVED = "participant_review.resolved"
    PARTICIPANT_REVIEW_UPDATED = "participant_review.updated"
    PARTICIPANT_UPDATED = "participant.updated"
    PAYMENT_HOLD_CHANGED = "payment.hold_changed"
    PAYMENT_REVIEW_OPENED = "payment_review.opened"
    PAYMENT_REVIEW_RESOLVED = "payment_review.resolved"
    PAYOUT_STATUS_CHANGED = "payout.status_changed"
    RELATIONSHIP_REACTIVATED = "relationship.reactivated"
    RELATIONSHIP_SUSPENDED = "relationship.suspended"
    REQUEST_STATUS_CHANGED = "request.status_changed"
    WEBHOOK_TEST = "webhook.test"

    def __str__(self) -> str:
        return str(self.value)
