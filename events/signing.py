"""Standard Webhooks 1.0 headers, signed with the `standardwebhooks` package."""

import json
from datetime import datetime

from standardwebhooks import Webhook

USER_AGENT = "provider-service-webhooks/1"


def body(payload: dict) -> str:
    """The exact bytes signed and sent (compact JSON)."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


def headers(*, event_id: str, text: str, secrets: list[str], at: datetime) -> dict[str, str]:
    """`webhook-id` is the eventID (the same on every retry: consumers dedupe on it); during
    a rotation each secret signs, space-separated, so either verifies."""
    signatures = " ".join(Webhook(secret).sign(event_id, at, text) for secret in secrets)
    return {
        "webhook-id": event_id,
        "webhook-timestamp": str(int(at.timestamp())),
        "webhook-signature": signatures,
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
    }
