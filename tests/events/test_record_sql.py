"""On PostgreSQL `record_each` inserts its events and decides which wait for a worker in one
statement (events.record_sql); the ORM's path, which SQLite takes, reads the endpoints and
decides in Python. Here both run on PostgreSQL over the same endpoints and are held to the
same decision and the same stored rows."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common import request_context
from events import record_sql, services, types
from events.models import Event, WebhookEndpoint
from tests.partitions.history import partition_of, suffix

pytestmark = pytest.mark.postgres

TYPE = types.PARTICIPANT_ACTIVATED
OTHER = types.PAYOUT_STATUS_CHANGED
ENABLED, DISABLED = WebhookEndpoint.Status.ENABLED, WebhookEndpoint.Status.DISABLED

# JSON the ORM must store as given: nesting, unicode, escapes, numbers, null, a time.
VIEW = {
    "participantID": "par_1",
    "name": {"given": "Zoë", "family": 'O\'Brien "Jr" \\ 東京'},
    "phones": [{"number": "+14155550123", "primary": True}, {"number": None}],
    "amounts": [0, -1, 2500, 12345678901234567890, 0.1, 1e-7],
    "memo": "",
    "emoji": "💸",
    "nested": {"a": [], "b": {}, "c": [[1, [2]]]},
    "createdOn": datetime(2025, 3, 1, 12, 30, 45, 123456, tzinfo=UTC),
}


def _endpoint(provider_id: str, event_types=(), *, status=ENABLED, deleted=False) -> None:
    WebhookEndpoint.objects.create(
        provider_id=provider_id,
        url="https://93.184.215.14/hooks",
        sealed_secret="unused",
        event_types=list(event_types),
        status=status,
        deleted_on=timezone.now() if deleted else None,
    )


def _record(changes, *, sql: bool, monkeypatch, capture):
    with monkeypatch.context() as patched:
        patched.setattr(record_sql, "applies", lambda: sql)
        tokens = request_context.bind("req_outbox")
        try:
            with capture() as callbacks, CaptureQueriesContext(connection) as queries:
                events = services.record_each(changes)
        finally:
            request_context.reset(tokens)
    return events, callbacks, len(queries)


def _fields(event: Event) -> dict:
    return {f.attname: getattr(event, f.attname) for f in Event._meta.concrete_fields}


def _stored_json(events: list[Event]) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id, data::text FROM events_event WHERE id = ANY(%s)", [[e.pk for e in events]]
        )
        found = dict(cursor.fetchall())
    return [found[e.pk] for e in events]


def _shape(events: list[Event]) -> list[tuple]:
    """Each event but its ID and its path's own clock: what it is, when relative to the first,
    and whether it waits (or was dispatched when created)."""
    first = events[0].created_on
    return [
        (
            e.provider_id,
            e.type,
            e.created_on - first,
            e.data,
            e.request_id,
            "waits" if e.dispatched_on is None else e.dispatched_on - e.created_on,
        )
        for e in events
    ]


def _both(changes, monkeypatch, capture):
    """Record `changes` by the statement, then by the ORM; check each stored its rows as it
    returned them, and that the two agree. Returns the statement's events."""
    sql, sql_callbacks, sql_queries = _record(
        changes, sql=True, monkeypatch=monkeypatch, capture=capture
    )
    orm, orm_callbacks, orm_queries = _record(
        changes, sql=False, monkeypatch=monkeypatch, capture=capture
    )
    assert (sql_queries, orm_queries) == (1, 2)
    assert _shape(sql) == _shape(orm)
    assert _stored_json(sql) == _stored_json(orm)
    for events in (sql, orm):
        stored = Event.objects.in_bulk([e.pk for e in events])
        assert len(stored) == len(events)
        for event in events:
            assert _fields(stored[event.pk]) == _fields(event)
            assert not event._state.adding and event._state.db == "default"
            assert event.request_id == "req_outbox"
            assert event.created_on.tzinfo is not None
            assert partition_of(Event, event.pk) == f"events_event{suffix(event.created_on)}"
    for events, callbacks in ((sql, sql_callbacks), (orm, orm_callbacks)):
        waiting = [e.pk for e in events if e.dispatched_on is None]
        handed = [callback.args for callback in callbacks]
        assert handed == ([(waiting,)] if waiting else [])
    return sql


def _waits(events: list[Event]) -> list[bool]:
    return [e.dispatched_on is None for e in events]


@pytest.fixture
def both(monkeypatch, django_capture_on_commit_callbacks):
    return lambda changes: _both(changes, monkeypatch, django_capture_on_commit_callbacks)


def test_no_endpoint(provider, both):
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [False]


def test_an_endpoint_for_every_type(provider, both):
    _endpoint(provider.id)
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [True]


def test_an_endpoint_listing_the_type(provider, both):
    _endpoint(provider.id, [OTHER, TYPE])
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [True]


def test_an_endpoint_for_another_type_only(provider, both):
    _endpoint(provider.id, [OTHER])
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [False]


def test_a_disabled_endpoint(provider, both):
    _endpoint(provider.id, status=DISABLED)
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [False]


def test_a_deleted_endpoint(provider, both):
    _endpoint(provider.id, deleted=True)
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [False]


def test_two_endpoints_wanting_it_make_one_event(provider, both):
    _endpoint(provider.id)
    _endpoint(provider.id, [TYPE])
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [True]


def test_two_endpoints_one_wanting_it(provider, both):
    _endpoint(provider.id, [OTHER])
    _endpoint(provider.id, [TYPE])
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [True]


def test_another_providers_endpoint_is_not_this_ones(provider, other_provider, both):
    _endpoint(other_provider.id)
    assert _waits(both([(TYPE, {provider.id: VIEW})])) == [False]


def test_two_providers_in_one_call(provider, other_provider, both):
    _endpoint(other_provider.id, [TYPE])
    views = {provider.id: VIEW, other_provider.id: {**VIEW, "participantID": "par_2"}}
    assert _waits(both([(TYPE, views)])) == [False, True]


def test_several_changes_in_one_call_keep_their_order(provider, other_provider, both):
    _endpoint(provider.id, [TYPE])
    _endpoint(other_provider.id)
    changes = [
        (TYPE, {provider.id: VIEW}),
        (OTHER, {provider.id: {"step": 2}, other_provider.id: {"step": 2}}),
        (TYPE, {provider.id: {"step": 3}}),
        (OTHER, {provider.id: {"step": 4}}),
    ]
    events = both(changes)
    assert _waits(events) == [True, False, True, True, False]
    feed = Event.objects.filter(pk__in=[e.pk for e in events]).order_by("created_on", "id")
    assert [e.pk for e in feed] == [e.pk for e in events]
    assert len({e.created_on for e in events if e.provider_id == provider.id}) == 4
