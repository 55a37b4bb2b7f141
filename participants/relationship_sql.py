"""A relationship's change and its history row in one statement (PostgreSQL): the enrollment's
suspension columns and version updated, and the `RelationshipAction` that records the change
inserted from the updated row, `WITH … UPDATE … RETURNING` feeding `INSERT … SELECT`.

The ORM's path is two round trips (the UPDATE of `save(update_fields=…)`, then the action's
INSERT) with a statement compiled for each on every call. This text is built once per process
from the models' own table and column names; each value is adapted by its model field, as the
ORM adapts it, so the rows stored are the ORM's. The caller holds the enrollment's row lock
(the suspension and reactivation services lock it first), so the UPDATE always finds it.
"""

from functools import cache

from common.statements import Statement, cast_type, insert_values, quoted_column
from participants.models import Enrollment, RelationshipAction

# What a suspension or a reactivation changes on the enrollment: every column, whatever the
# change, set to what the caller's locked instance now holds.
CHANGED = (
    "suspended",
    "suspended_on",
    "suspension_reason_code",
    "suspension_note",
    "relationship_version_id",
    "updated_on",
)


@cache
def _changed_fields() -> tuple:
    return tuple(Enrollment._meta.get_field(name) for name in CHANGED)


@cache
def _action_fields() -> tuple:
    """The action's columns the caller gives: all but its serial key, the enrollment's taken
    from the updated row."""
    return tuple(
        f
        for f in RelationshipAction._meta.concrete_fields
        if not f.primary_key and f.attname != "enrollment_id"
    )


def _text(connection) -> str:
    sets = ", ".join(f'"{field.column}" = %s' for field in _changed_fields())
    given = _action_fields()
    enrollment = quoted_column(RelationshipAction, "enrollment")
    names = ", ".join([enrollment, *(f'"{field.column}"' for field in given)])
    values = ", ".join(f"%s::{cast_type(field, connection)}" for field in given)
    pk = f'"{Enrollment._meta.pk.column}"'
    return (
        f'WITH changed AS (UPDATE "{Enrollment._meta.db_table}" SET {sets} '
        f"WHERE {pk} = %s RETURNING {pk}) "
        f'INSERT INTO "{RelationshipAction._meta.db_table}" ({names}) '
        f"SELECT changed.{pk}, {values} FROM changed "
        f'RETURNING "{RelationshipAction._meta.pk.column}"'
    )


SAVE_CHANGE = Statement(RelationshipAction, _text, write=True)
applies = SAVE_CHANGE.applies


def save_change(enrollment: Enrollment, action: RelationshipAction) -> None:
    """Write the change `enrollment` holds (the columns in CHANGED) and insert `action` for
    it; the action gets its primary key, as `save()` gives it."""
    connection = SAVE_CHANGE.connection()
    changed = [
        field.get_db_prep_save(getattr(enrollment, field.attname), connection)
        for field in _changed_fields()
    ]
    given = insert_values(action, _action_fields(), connection)
    row = SAVE_CHANGE.fetchone([*changed, enrollment.pk, *given], connection=connection)
    if row is None:  # the caller's lock makes this impossible; never claim a write not made
        raise Enrollment.DoesNotExist(f"enrollment {enrollment.pk} is gone")
    action.pk = row[0]
    action._state.adding, action._state.db = False, connection.alias
