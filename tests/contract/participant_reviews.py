"""Documented responses of the participant-review operations."""

RESPONSES: dict[tuple[str, str], set[int]] = {}
