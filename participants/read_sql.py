"""GET participant on PostgreSQL as one hand-written statement: the enrollment, its
participant, and its phones, emails and active limit groups as JSON arrays; without the
profile (a write's lookup), the enrollment and its participant alone.

The same read through the ORM (`selectors.with_profile`) spends more time building and
compiling its three correlated subqueries than PostgreSQL spends running them; this text is
built once per process from the models' own table and column names, so it follows the models.
"""

import json

from common.statements import Statement
from participants.models import Email, Enrollment, Participant, Phone


def _columns(model, alias: str) -> list[str]:
    return [f'{alias}."{field.column}"' for field in model._meta.concrete_fields]


def _json_rows(table: str, alias: str, pairs: dict[str, str], where: str, order: str) -> str:
    members = ", ".join(f"'{name}', {expression}" for name, expression in pairs.items())
    return (
        f"COALESCE((SELECT jsonb_agg(jsonb_build_object({members}) ORDER BY {order}) "
        f"FROM {table} WHERE {where}), '[]'::jsonb)"
    )


def _profile_columns() -> list[str]:
    """The enrollment's phones, emails and active limit groups as JSON arrays."""
    membership = Enrollment.limit_memberships.rel.related_model
    group = membership._meta.get_field("group").related_model
    contact = {
        "created_on": "c.created_on",
        "disabled_on": "c.disabled_on",
        "verified_on": "c.verified_on",
    }
    phones = _json_rows(
        f'"{Phone._meta.db_table}" c',
        "c",
        {**contact, "country_code": "c.country_code", "number": "c.number"},
        "c.enrollment_id = e.id",
        "c.id",
    )
    emails = _json_rows(
        f'"{Email._meta.db_table}" c', "c", {**contact, "email": "c.email"},
        "c.enrollment_id = e.id", "c.id",
    )  # fmt: skip
    groups = _json_rows(
        f'"{membership._meta.db_table}" m JOIN "{group._meta.db_table}" g ON g.id = m.group_id',
        "m",
        {"group_id": "g.id", "name": "g.name"},
        "m.enrollment_id = e.id AND m.ended_on IS NULL AND g.deleted_on IS NULL",
        "m.id",
    )
    return [phones, emails, groups]


def _text(connection, by: str, for_update: bool, profile: bool) -> str:
    selected = [*_columns(Enrollment, "e"), *_columns(Participant, "p")]
    if profile:
        selected += _profile_columns()
    column = {"participant": "participant_id", "external": "external_id"}[by]
    return (
        f"SELECT {', '.join(selected)} "
        f'FROM "{Enrollment._meta.db_table}" e '
        f'JOIN "{Participant._meta.db_table}" p ON p.id = e.participant_id '
        f'WHERE e.provider_id = %s AND e."{column}" = %s LIMIT 1'
        # A write's read: the enrollment's row locked by the statement that reads it.
        + (" FOR UPDATE OF e" if for_update else "")
    )


ENROLLMENT = Statement(Enrollment, _text)
applies = ENROLLMENT.applies


def fetch(
    provider_id: str,
    *,
    participant_id: str = "",
    external_id: str = "",
    for_update: bool = False,
    profile: bool = True,
):
    """The enrollment (participant attached, `phones_json`, `emails_json`, `groups_json` set)
    or None; with `for_update`, its row locked until the transaction ends. Without `profile`
    the JSON attributes are not read, nor set: what `select_related("participant")` reads."""
    by, value = ("participant", participant_id) if participant_id else ("external", external_id)
    connection = ENROLLMENT.connection()
    row = ENROLLMENT.fetchone([provider_id, value], by, for_update, profile, connection=connection)
    if row is None:
        return None
    enrollment_fields = [f.attname for f in Enrollment._meta.concrete_fields]
    participant_fields = [f.attname for f in Participant._meta.concrete_fields]
    split = len(enrollment_fields)
    end = split + len(participant_fields)
    enrollment = Enrollment.from_db(connection.alias, enrollment_fields, row[:split])
    enrollment.participant = Participant.from_db(
        connection.alias, participant_fields, row[split:end]
    )
    if not profile:
        return enrollment
    # Django reads jsonb as text (its JSONField decodes it): decode here the same way.
    phones, emails, groups = (json.loads(value) for value in row[end:])
    enrollment.phones_json, enrollment.emails_json, enrollment.groups_json = phones, emails, groups
    return enrollment


def _contacts_text(connection) -> str:
    """The JSON columns of ENROLLMENT, for a page of enrollments chosen by id."""
    columns = ", ".join(_profile_columns())
    return f'SELECT e.id, {columns} FROM "{Enrollment._meta.db_table}" e WHERE e.id = ANY(%s)'


CONTACTS = Statement(Enrollment, _contacts_text)


def attach_contacts(enrollments: list[Enrollment]) -> list[Enrollment]:
    """Set `phones_json`, `emails_json` and `groups_json` on a page of enrollments, in one
    query whatever the page size."""
    if not enrollments:
        return enrollments
    rows = CONTACTS.fetchall([[e.pk for e in enrollments]])
    found = {row[0]: row[1:] for row in rows}
    for enrollment in enrollments:
        phones, emails, groups = (json.loads(value) for value in found[enrollment.pk])
        enrollment.phones_json, enrollment.emails_json, enrollment.groups_json = (
            phones,
            emails,
            groups,
        )
    return enrollments
