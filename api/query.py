"""Query-string values shared by the list endpoints (the FilterSets in api.filters parse
with these)."""

from datetime import UTC, datetime

from django.utils.dateparse import parse_datetime

from common.errors import InvalidRequest


def parse_datetime_param(name: str, raw: str) -> datetime:
    """An ISO 8601 date-time in UTC, or 422 `invalid-request` naming the parameter."""
    value = None
    try:
        value = parse_datetime(raw)
        if value is None and " " in raw:
            # An unencoded `+` in a query string arrives as a space: 2026-07-01T00:00:00 00:00.
            head, _, tail = raw.rpartition(" ")
            value = parse_datetime(f"{head}+{tail}")
    except ValueError:
        value = None
    if value is not None:
        try:
            # In UTC: the database accepts offsets only up to ±15:59, ISO 8601 up to ±23:59.
            return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
        except OverflowError:
            pass
    raise InvalidRequest(f"{name} must be an ISO 8601 date-time, e.g. 2026-07-01T00:00:00Z.")
