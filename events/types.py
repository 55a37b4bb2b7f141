"""The event catalog: every type a provider can receive (docs/events.md shows each)."""

PARTICIPANT_ACTIVATED = "participant.activated"
PARTICIPANT_DENIED = "participant.denied"
RELATIONSHIP_SUSPENDED = "relationship.suspended"
RELATIONSHIP_REACTIVATED = "relationship.reactivated"
FUNDING_SOURCE_REMOVED = "funding_source.removed"
PARTICIPANT_UPDATED = "participant.updated"
FUNDING_SOURCE_ADDED = "funding_source.added"
PAYOUT_STATUS_CHANGED = "payout.status_changed"
REQUEST_STATUS_CHANGED = "request.status_changed"
PAYMENT_HOLD_CHANGED = "payment.hold_changed"
PARTICIPANT_REVIEW_OPENED = "participant_review.opened"
PARTICIPANT_REVIEW_UPDATED = "participant_review.updated"
PARTICIPANT_REVIEW_ASSIGNED = "participant_review.assigned"
PARTICIPANT_REVIEW_RESOLVED = "participant_review.resolved"
PAYMENT_REVIEW_OPENED = "payment_review.opened"
PAYMENT_REVIEW_RESOLVED = "payment_review.resolved"
COMMAND_APPLIED = "command.applied"
COMMAND_REJECTED = "command.rejected"
LIMIT_GROUP_DELETED = "limit_group.deleted"
WEBHOOK_TEST = "webhook.test"

ALL_TYPES: tuple[str, ...] = (
    PARTICIPANT_ACTIVATED,
    PARTICIPANT_DENIED,
    RELATIONSHIP_SUSPENDED,
    RELATIONSHIP_REACTIVATED,
    FUNDING_SOURCE_REMOVED,
    PARTICIPANT_UPDATED,
    FUNDING_SOURCE_ADDED,
    PAYOUT_STATUS_CHANGED,
    REQUEST_STATUS_CHANGED,
    PAYMENT_HOLD_CHANGED,
    PARTICIPANT_REVIEW_OPENED,
    PARTICIPANT_REVIEW_UPDATED,
    PARTICIPANT_REVIEW_ASSIGNED,
    PARTICIPANT_REVIEW_RESOLVED,
    PAYMENT_REVIEW_OPENED,
    PAYMENT_REVIEW_RESOLVED,
    COMMAND_APPLIED,
    COMMAND_REJECTED,
    LIMIT_GROUP_DELETED,
    WEBHOOK_TEST,
)
