"""The two reads of customer evidence (`signals`) on PostgreSQL, each a statement built once
per process: a profile's active emails and phones in one round trip, and the list entries
among every kind's candidates.

Every payout's screening makes both. The ORM built and compiled them afresh on each call
(about 1 ms of CPU between them, against some 0.1 ms for running these texts). The texts
follow the models' own table and column names; the conditions and the order are the ORM's
(`signals.profile_of`, `signals._listed`), which SQLite keeps.
"""

from functools import cache, partial

from common.rows import quoted_column, read_connection
from participants.models import Email, Phone
from risk.models import RiskListEntry


def applies() -> bool:
    return read_connection(RiskListEntry).vendor == "postgresql"


@cache
def _contacts_statement() -> str:
    def active(model, value: str, kind: str) -> str:
        column = partial(quoted_column, model)
        return (
            f"SELECT '{kind}' AS kind, {column(value)} AS value, {column('id')} AS id "
            f'FROM "{model._meta.db_table}" '
            f"WHERE {column('enrollment')} = %(enrollment)s AND {column('disabled_on')} IS NULL"
        )

    # Contacts are ordered by their key (`Contact.Meta.ordering`), as the ORM reads them.
    return (
        f"{active(Email, 'email', 'email')} UNION ALL {active(Phone, 'e164', 'phone')} "
        "ORDER BY kind, id"
    )


def active_contacts(enrollment_id: int) -> tuple[list[str], list[str]]:
    """(emails, phones in E.164) of the enrollment that are not disabled, each in key order."""
    with read_connection(RiskListEntry).cursor() as cursor:
        cursor.execute(_contacts_statement(), {"enrollment": enrollment_id})
        rows = cursor.fetchall()
    return (
        [value for kind, value, _ in rows if kind == "email"],
        [value for kind, value, _ in rows if kind == "phone"],
    )


@cache
def _listed_statement(fields: tuple[str, ...]) -> str:
    column = partial(quoted_column, RiskListEntry)
    kind, value = column("kind"), column("value")
    return (
        f"SELECT {kind}, LOWER({value}), {', '.join(column(name) for name in fields)} "
        f'FROM "{RiskListEntry._meta.db_table}" '
        f"WHERE ({kind}, LOWER({value})) IN (SELECT * FROM unnest(%s::text[], %s::text[]))"
    )


def listed(wanted: dict[str, set[str]], fields: tuple[str, ...]) -> list[tuple]:
    """(kind, lower-cased value, *fields) of each entry whose kind and lower-cased value is
    one of `wanted`'s pairs ({kind: lower-cased candidates})."""
    pairs = [(kind, value) for kind, values in wanted.items() for value in values]
    with read_connection(RiskListEntry).cursor() as cursor:
        cursor.execute(
            _listed_statement(fields),
            [[kind for kind, _ in pairs], [value for _, value in pairs]],
        )
        return cursor.fetchall()
