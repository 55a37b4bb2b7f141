"""Documented responses of the risk-assessment, device-observation and payment-review operations."""

RESPONSES: dict[tuple[str, str], set[int]] = {}
