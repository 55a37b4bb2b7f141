"""Scopes a provider credential can carry. One place, so keys, tokens and views agree."""

PARTICIPANTS_READ = "participants.read"
PARTICIPANTS_WRITE = "participants.write"
RELATIONSHIPS_WRITE = "relationships.write"
PAYMENTS_READ = "payments.read"
# Moving money (payouts and requests: create, claim, pay, decline, cancel); ours, beside the
# contract's reads.
PAYMENTS_WRITE = "payments.write"
PARTICIPANT_REVIEWS_READ = "participant-reviews.read"
PARTICIPANT_REVIEWS_WRITE = "participant-reviews.write"
PAYMENT_REVIEWS_WRITE = "payment-reviews.write"
LIMITS_READ = "limits.read"
LIMITS_WRITE = "limits.write"
EVENTS_READ = "events.read"
WEBHOOKS_READ = "webhooks.read"
WEBHOOKS_WRITE = "webhooks.write"
LEDGER_READ = "ledger.read"
LEDGER_WRITE = "ledger.write"
# Named by the contract for device observations; both are required there.
SERVICE_DEVICES_READ = "service-devices.read"
SERVICE_PAYMENTS_READ = "service-payments.read"

ALL_SCOPES: tuple[str, ...] = (
    PARTICIPANTS_READ,
    PARTICIPANTS_WRITE,
    RELATIONSHIPS_WRITE,
    PAYMENTS_READ,
    PAYMENTS_WRITE,
    PARTICIPANT_REVIEWS_READ,
    PARTICIPANT_REVIEWS_WRITE,
    PAYMENT_REVIEWS_WRITE,
    LIMITS_READ,
    LIMITS_WRITE,
    SERVICE_DEVICES_READ,
    SERVICE_PAYMENTS_READ,
    EVENTS_READ,
    WEBHOOKS_READ,
    WEBHOOKS_WRITE,
    LEDGER_READ,
    LEDGER_WRITE,
)


def normalize(scopes) -> list[str]:
    """Validated, de-duplicated, in the canonical order."""
    unknown = sorted(set(scopes) - set(ALL_SCOPES))
    if unknown:
        raise ValueError(f"unknown scope(s): {', '.join(unknown)}")
    wanted = set(scopes)
    return [scope for scope in ALL_SCOPES if scope in wanted]
