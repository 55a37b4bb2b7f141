"""The payment lists' query as FilterSets (see api.filters) → `PaymentFilters`, with the
contract's errors: 400 for what its status table names (an unrecognised status, createdTo not
later than createdFrom); 422 `invalid-request` for every other query validation failure (a
type or onHold value outside its enum, a malformed date-time) and for the q rules. The
selector compiles the list's statement from `PaymentFilters`, as before."""

from django.http import QueryDict

from api.filters import (
    CreatedRangeForm,
    ProviderFilterSet,
    created_range,
    parsed,
    repeated_choice,
    stripped,
)
from common.errors import BadRequest, InvalidRequest
from common.search import search_term
from payments.models import ALL_STATUSES, Payment, PaymentType
from payments.selectors import PaymentFilters

_BOOLEANS = {"true": True, "false": False}
Q_DESCRIPTION = (
    "Trimmed; case-insensitive substring of the memo or a party name visible to the "
    "provider; an exact participantID (ending `_user`) or the provider's exact "
    "externalID matches that participant's payments; a value of only digits and "
    "phone punctuation (at least 3 digits) also matches the addressed phone's digits."
)


def _types(values: list[str]) -> tuple[str, ...]:
    types = tuple(dict.fromkeys(values))
    for value in types:
        if value not in PaymentType.values:
            raise InvalidRequest(f"type must be payout or request, not {value!r}.")
    return types


def _on_hold(raw: str) -> bool:
    if raw.lower() not in _BOOLEANS:
        raise InvalidRequest("onHold must be true or false.")
    return _BOOLEANS[raw.lower()]


class ParticipantPaymentFilterSet(ProviderFilterSet):
    """A participant's payments (/participants/{participantID}/payments)."""

    type = parsed({"type": "string", "enum": list(PaymentType.values)}, _types, repeatable=True)
    status = repeated_choice(
        ALL_STATUSES,
        lambda value: BadRequest(
            f"Unrecognized status {value!r}; one of: {', '.join(ALL_STATUSES)}."
        ),
        description="Repeatable; a status matches only payments of the family that defines it.",
    )
    onHold = parsed(
        {"type": "boolean"}, _on_hold, description="true: only held payments; false: only not"
    )
    createdFrom, createdTo = created_range()
    q = parsed({"type": "string", "maxLength": 100}, search_term, description=Q_DESCRIPTION)
    paymentID = parsed(
        {"type": "string"}, stripped, absent="", description="One payout ID or request ID"
    )
    referenceNumber = parsed({"type": "string"}, lambda raw: raw.strip().upper(), absent="")

    class Meta:
        model = Payment
        fields: list[str] = []
        form = CreatedRangeForm

    def payment_filters(self) -> PaymentFilters:
        values = self.values()
        return PaymentFilters(
            q=values["q"],
            types=values["type"],
            statuses=values["status"],
            on_hold=values["onHold"],
            created_from=values["createdFrom"],
            created_to=values["createdTo"],
            payment_id=values["paymentID"],
            reference_number=values["referenceNumber"],
            participant_id=values.get("participantID", ""),
        )


class PaymentFilterSet(ParticipantPaymentFilterSet):
    """The provider's payments (/payments): also by participant."""

    participantID = parsed(
        {"type": "string"},
        stripped,
        absent="",
        description="Only payments where this participant (a participantID, not an externalID) "
        "is initiator or counterparty",
    )


def parse_filters(params: QueryDict, *, provider_wide: bool) -> PaymentFilters:
    """The filters of a payment list's query (the benchmarks build them as the views do)."""
    filterset_class = PaymentFilterSet if provider_wide else ParticipantPaymentFilterSet
    return filterset_class(params, queryset=Payment.objects.none()).payment_filters()
