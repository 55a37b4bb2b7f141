"""A participant create's rows in one statement (PostgreSQL): the participant, its enrollment
with the provider, and the enrollment's phones and emails, each an `INSERT` in a `WITH` chain
that passes on the keys the database gives (data-modifying `WITH` clauses run exactly once,
whether or not the outer query reads them).

The ORM's path is one round trip per table (the participant, the enrollment, then the phones'
and the emails' `bulk_create`), with a statement compiled for each on every call. This text
is built once per process from the models' own table and column names, the phones and emails
as one typed array per column (`unnest`), so it is the same text whatever their number. Each
value is adapted by its model field after the field's `pre_save`, as the ORM adapts it, so
the rows stored are the ORM's. A clash on the enrollment's unique externalID raises the same
IntegrityError, naming the same constraint.
"""

from functools import cache

from common.statements import Statement, cast_type, insert_columns, insert_values, quoted_column
from participants.models import Email, Enrollment, Participant, Phone


@cache
def _given(model, *, link: str | None = None) -> tuple:
    """The columns the caller gives: all but a serial key and the key `link` taken from the
    row inserted before."""
    return tuple(
        f
        for f in model._meta.concrete_fields
        if not (f.primary_key and f.auto_created) and f.attname != link
    )


def _names(fields) -> list[str]:
    return [f'"{field.column}"' for field in fields]


def _rows(model, link: str, source: str, connection) -> str:
    """`INSERT` of any number of `model` rows (one array per column) under the row `source`
    inserted, whose key fills `link`."""
    given = _given(model, link=link)
    arrays = [f"%s::{cast_type(field, connection)}[]" for field in given]
    names = _names(given)
    link_column = quoted_column(model, link)
    return (
        f'INSERT INTO "{model._meta.db_table}" ({link_column}, {", ".join(names)}) '
        f"SELECT {source}.id, {', '.join(f'v.{name}' for name in names)} "
        f"FROM {source}, unnest({', '.join(arrays)}) AS v({', '.join(names)})"
    )


def _text(connection) -> str:
    participant = _given(Participant)
    enrollment = _given(Enrollment, link="participant_id")
    enrollment_values = ", ".join(f"%s::{cast_type(field, connection)}" for field in enrollment)
    participant_key = f'"{Participant._meta.pk.column}"'
    enrollment_key = f'"{Enrollment._meta.pk.column}"'
    link = quoted_column(Enrollment, "participant_id")
    return (
        f'WITH p AS (INSERT INTO "{Participant._meta.db_table}" '
        f"({', '.join(_names(participant))}) VALUES ({', '.join(['%s'] * len(participant))}) "
        f"RETURNING {participant_key} AS id), "
        f'e AS (INSERT INTO "{Enrollment._meta.db_table}" '
        f"({link}, {', '.join(_names(enrollment))}) SELECT p.id, {enrollment_values} FROM p "
        f"RETURNING {enrollment_key} AS id), "
        f"phones AS ({_rows(Phone, 'enrollment_id', 'e', connection)}), "
        f"emails AS ({_rows(Email, 'enrollment_id', 'e', connection)}) "
        f"SELECT e.id FROM e"
    )


CREATE = Statement(Enrollment, _text, write=True)
applies = CREATE.applies


def insert(
    participant: Participant, enrollment: Enrollment, phones: list[Phone], emails: list[Email]
) -> None:
    """Insert the new participant, its enrollment (whose `participant` is `participant`) and
    the enrollment's phones and emails; the participant and enrollment come back saved, with
    the enrollment's key, as `create()` returns them. The phones and emails are not handed
    back: nothing after a create reads them (the 201 echoes what was sent)."""
    connection = CREATE.connection()
    params = [
        *insert_values(participant, _given(Participant), connection),
        *insert_values(enrollment, _given(Enrollment, link="participant_id"), connection),
        *insert_columns(phones, _given(Phone, link="enrollment_id"), connection),
        *insert_columns(emails, _given(Email, link="enrollment_id"), connection),
    ]
    (enrollment.pk,) = CREATE.fetchone(params, connection=connection)
    for saved in (participant, enrollment):
        saved._state.adding, saved._state.db = False, connection.alias
