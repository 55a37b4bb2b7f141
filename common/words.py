"""Enum values for a person reading a staff page."""


def words(value) -> str:
    """`very_high` → very high, `payout_failed` → payout failed, `no_action` → no action."""
    return str(value or "").replace("_", " ")
