"""Query parameters of the payment lists → `PaymentFilters`, with the contract's errors:
400 for what its status table names (an unrecognised status, createdTo not later than
createdFrom); 422 `invalid-request` for every other query validation failure (a type or onHold
value outside its enum, a malformed date-time) and for the q rules."""

from drf_spectacular.utils import OpenApiParameter

from api.openapi import PAGINATION_PARAMETERS
from api.query import parse_created_range
from common.errors import BadRequest, InvalidRequest
from common.search import search_term
from payments.models import ALL_STATUSES, PaymentType
from payments.selectors import PaymentFilters

_BOOLEANS = {"true": True, "false": False}


def parse_filters(params, *, provider_wide: bool) -> PaymentFilters:
    types = tuple(dict.fromkeys(params.getlist("type")))
    for value in types:
        if value not in PaymentType.values:
            raise InvalidRequest(f"type must be payout or request, not {value!r}.")
    statuses = tuple(dict.fromkeys(params.getlist("status")))
    for value in statuses:
        if value not in ALL_STATUSES:
            raise BadRequest(f"Unrecognized status {value!r}; one of: {', '.join(ALL_STATUSES)}.")
    on_hold = None
    if "onHold" in params:
        raw = params.get("onHold", "")
        if raw.lower() not in _BOOLEANS:
            raise InvalidRequest("onHold must be true or false.")
        on_hold = _BOOLEANS[raw.lower()]
    created_from, created_to = parse_created_range(params)
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
