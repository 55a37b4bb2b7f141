"""Plain-function rendering helpers shared by every app's `rendering` module."""

from datetime import UTC, date, datetime


def json_ready(value):
    """Datetimes as DRF renders them (ISO 8601, UTC as `Z`), dates as ISO, recursively."""
    if isinstance(value, datetime):
        text = value.astimezone(UTC).isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: json_ready(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(item) for item in value]
    return value


def put(data: dict, key: str, value) -> None:
    """Set `key` only when there is a value: optional unknowns are absent, never null or ""."""
    if value not in (None, ""):
        data[key] = value
