"""Reading what the outbox wrote, for the event tests."""

from events.models import Event


def events_of(provider_id: str, event_type: str | None = None) -> list[Event]:
    queryset = Event.objects.filter(provider_id=provider_id).order_by("created_on", "id")
    if event_type:
        queryset = queryset.filter(type=event_type)
    return list(queryset)


def only(provider_id: str, event_type: str) -> Event:
    found = events_of(provider_id, event_type)
    assert len(found) == 1, [e.type for e in events_of(provider_id)]
    return found[0]


def types_of(provider_id: str) -> list[str]:
    return [event.type for event in events_of(provider_id)]
