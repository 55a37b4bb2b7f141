"""The event feed's query as a FilterSet (see api.filters)."""

from api.filters import CreatedRangeForm, ProviderFilterSet, created_range, repeated_choice
from common.errors import InvalidRequest
from events import selectors
from events.types import ALL_TYPES


def _not_an_event_type(value: str) -> InvalidRequest:
    return InvalidRequest(f"type {value!r} is not an event type; one of: {', '.join(ALL_TYPES)}.")


class EventFilterSet(ProviderFilterSet):
    type = repeated_choice(ALL_TYPES, _not_an_event_type, description="Repeatable")
    createdFrom, createdTo = created_range()

    class Meta:
        form = CreatedRangeForm

    def event_filters(self) -> selectors.EventFilters:
        values = self.values()
        return selectors.EventFilters(
            types=values["type"],
            created_from=values["createdFrom"],
            created_to=values["createdTo"],
        )
