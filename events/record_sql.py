"""The outbox's insert on PostgreSQL as one statement: the events go in through the
partitioned parent table (PostgreSQL routes each row to its month's partition), each one's
`dispatched_on` decided by the same statement, and come back with it.

An event waits for a worker (`dispatched_on` NULL) when a live endpoint of its provider wants
its type, by the rule of `WebhookEndpoint.wants`; otherwise nobody is owed it and it is
dispatched when created. The ORM's path reads the endpoints into models first, a round trip
more in every write that records events.

The text is built once per process from the models' own table and column names; one event's
values go as scalars, several events' as one array per column (`unnest`), so there are two
texts whatever the number of events.
Each value is adapted by its model field, as `bulk_create` adapts it (the JSON by the
JSONField's own dumps), so a row is stored as the ORM would store it.
"""

from functools import cache, partial

from common.statements import Statement, cast_type, insert_columns, insert_values, quoted_column
from events.models import Event, WebhookEndpoint


@cache
def _given() -> tuple:
    """The fields the caller sets: every column but the one the statement decides."""
    return tuple(f for f in Event._meta.concrete_fields if f.attname != "dispatched_on")


def _text(connection, rows: int) -> str:
    """One event's values go as scalars (`VALUES`); several as one array per column."""
    given = _given()
    names = [f'"{field.column}"' for field in given]
    casts = [cast_type(field, connection) for field in given]
    endpoint, event = partial(quoted_column, WebhookEndpoint), partial(quoted_column, Event)
    types = f"w.{endpoint('event_types')}"
    # `wants`: an empty list is every type, otherwise the type is one of the list's strings
    # (`event_types` is always a list: the API, the command and the admin write lists).
    wanted = (
        f'SELECT 1 FROM "{WebhookEndpoint._meta.db_table}" w '
        f"WHERE w.{endpoint('provider')} = v.{event('provider')} "
        f"AND w.{endpoint('deleted_on')} IS NULL "
        f"AND w.{endpoint('status')} = %s "
        f"AND ({types} = '[]'::jsonb OR {types} ? v.{event('type')})"
    )
    dispatched_on = event("dispatched_on")
    return (
        f'INSERT INTO "{Event._meta.db_table}" ({", ".join(names)}, {dispatched_on}) '
        f"SELECT {', '.join(f'v.{name}' for name in names)}, "
        f"CASE WHEN EXISTS ({wanted}) THEN NULL ELSE v.{event('created_on')} END "
        f"FROM {_source(casts, rows)} AS v({', '.join(names)}) "
        f'RETURNING "{Event._meta.pk.column}", {dispatched_on}'
    )


INSERT = Statement(Event, _text, write=True)
applies = INSERT.applies


def _source(casts: list[str], rows: int) -> str:
    if rows == 1:  # most changes record one event: scalars cost less to adapt than arrays
        return f"(VALUES ({', '.join(f'%s::{cast}' for cast in casts)}))"
    return f"unnest({', '.join(f'%s::{cast}[]' for cast in casts)})"


def insert(events: list[Event]) -> None:
    """Insert new `events` and set each one's `dispatched_on` as the statement decided."""
    connection = INSERT.connection()
    if len(events) == 1:
        values = insert_values(events[0], _given(), connection)
    else:
        values = insert_columns(events, _given(), connection)
    params = [WebhookEndpoint.Status.ENABLED, *values]
    decided = dict(INSERT.fetchall(params, min(len(events), 2), connection=connection))
    for event in events:
        event.dispatched_on = decided[event.pk]
        event._state.adding, event._state.db = False, connection.alias  # as bulk_create
