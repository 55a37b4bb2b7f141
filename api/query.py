"""Query-string values shared by the list endpoints."""

from datetime import UTC, datetime

from django.utils.dateparse import parse_datetime

from common.errors import BadRequest, InvalidRequest


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


def parse_created_range(params) -> tuple[datetime | None, datetime | None]:
    """createdFrom (inclusive) and createdTo (exclusive); 400 when the range is empty."""
    created_from = (
        parse_datetime_param("createdFrom", params["createdFrom"])
        if "createdFrom" in params
        else None
    )
    created_to = (
        parse_datetime_param("createdTo", params["createdTo"]) if "createdTo" in params else None
    )
    if created_from and created_to and created_to <= created_from:
        raise BadRequest("createdTo must be later than createdFrom.")
    return created_from, created_to
