"""Query parameters of the payment lists → `PaymentFilters`, with the contract's errors:
400 for what its status table names (an unrecognised status, createdTo not later than
createdFrom); 422 `invalid-request` for every other query validation failure (a type or onHold
value outside its enum, a malformed date-time) and for the q rules."""

from datetime import UTC, datetime

from django.utils.dateparse import parse_datetime
from drf_spectacular.utils import OpenApiParameter

from api.openapi import PAGINATION_PARAMETERS
from common.errors import BadRequest, InvalidRequest
from common.search import search_term
from payments.models import ALL_STATUSES, PaymentType
from payments.selectors import PaymentFilters

_BOOLEANS = {"true": True, "false": False}


def _datetime(name: str, raw: str) -> datetime:
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


def _optional_datetime(params, name: str) -> datetime | None:
    return _datetime(name, params[name]) if name in params else None


def parse_filters(params, *, provider_wide: bool) -> PaymentFilters:
    types = tuple(dict.fromkeys(params.getlist("type")))
    for value in types:
        if value not in PaymentType.values:
            raise InvalidRequest(f"type must be payout or request, not {value!r}.")
    statuses = tuple(dict.fromkeys(params.getlist("status")))
    for value in statuses:
        if value not in ALL_STATUSES:
            raise BadRequest(f"Unrecognized status {value!r}.")
    on_hold = None
    if "onHold" in params:
        raw = params.get("onHold", "")
        if raw.lower() not in _BOOLEANS:
            raise InvalidRequest("onHold must be true or false.")
        on_hold = _BOOLEANS[raw.lower()]
    created_from = (
        _datetime("createdFrom", params["createdFrom"]) if "createdFrom" in params else None
    )
    created_to = _datetime("createdTo", params["createdTo"]) if "createdTo" in params else None
    if created_from and created_to and created_to <= created_from:
        raise BadRequest("createdTo must be later than createdFrom.")
    return PaymentFilters(
        q=search_term(params.get("q")),
        types=types,
        statuses=statuses,
        on_hold=on_hold,
        created_from=created_from,
        created_to=created_to,
        payment_id=params.get("paymentID", "").strip(),
        reference_number=params.get("referenceNumber", "").strip().upper(),
        participant_id=params.get("participantID", "").strip() if provider_wide else "",
    )


LIST_PARAMETERS = [
    OpenApiParameter(
        "q",
        {"type": "string", "maxLength": 100},
        description=(
            "Trimmed; case-insensitive substring of the memo or a party name visible to the "
            "provider; an exact participantID (ending `_user`) or the provider's exact "
            "externalID matches that participant's payments; a value of only digits and "
            "phone punctuation (at least 3 digits) also matches the addressed phone's digits."
        ),
    ),
    OpenApiParameter("type", {"type": "string", "enum": list(PaymentType.values)}),
    OpenApiParameter(
        "status",
        {"type": "array", "items": {"type": "string", "enum": list(ALL_STATUSES)}},
        description="Repeatable; a status matches only payments of the family that defines it.",
        explode=True,
    ),
    OpenApiParameter("onHold", bool, description="true: only held payments; false: only not"),
    OpenApiParameter("createdFrom", {"type": "string", "format": "date-time"}, description="≥"),
    OpenApiParameter(
        "createdTo",
        {"type": "string", "format": "date-time"},
        description="<, and later than createdFrom",
    ),
    OpenApiParameter("paymentID", str, description="One payout ID or request ID"),
    OpenApiParameter("referenceNumber", str),
    *PAGINATION_PARAMETERS,
]

PARTICIPANT_FILTER = OpenApiParameter(
    "participantID",
    str,
    description="Only payments where this participant (a participantID, not an externalID) "
    "is initiator or counterparty",
)
