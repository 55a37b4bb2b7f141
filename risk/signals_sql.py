"""The two reads of customer evidence (`signals`) on PostgreSQL, each a statement built once
per process: a profile's active emails and phones in one round trip, and the list entries
among every kind's candidates with the names lists' entries near the profile's names.

Every payout's screening makes both. The ORM built and compiled them afresh on each call
(about 1 ms of CPU between them, against some 0.1 ms for running these texts). The texts
follow the models' own table and column names; the conditions and the order are the ORM's
(`signals.profile_of`, `signals._listed`), which SQLite keeps.
"""

from functools import partial

from common.statements import Statement, quoted_column
from participants.models import Email, Phone
from risk.list_keys import NAME_KINDS
from risk.models import RiskListEntry


def _contacts_text(connection) -> str:
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


# Read with the list entries, from the database they are read from.
CONTACTS = Statement(RiskListEntry, _contacts_text)
applies = CONTACTS.applies


def active_contacts(enrollment_id: int) -> tuple[list[str], list[str]]:
    """(emails, phones in E.164) of the enrollment that are not disabled, each in key order."""
    rows = CONTACTS.fetchall({"enrollment": enrollment_id})
    return (
        [value for kind, value, _ in rows if kind == "email"],
        [value for kind, value, _ in rows if kind == "phone"],
    )


def _listed_text(connection, fields: tuple[str, ...]) -> str:
    """By kind and key (the (kind, match_key) index), then the names lists' entries whose key
    shares enough trigrams with a name (`%`, pg_trgm's similarity of at least
    pg_trgm.similarity_threshold, 0.3 unless set otherwise; the partial trigram index of
    migration 0006): a wide net, which `risk.near_names` narrows."""
    column = partial(quoted_column, RiskListEntry)
    kind, key = column("kind"), column("match_key")
    selected = f"SELECT {kind}, {key}, {', '.join(column(name) for name in fields)} "
    table = f'"{RiskListEntry._meta.db_table}"'
    name_kinds = ", ".join(f"'{name_kind}'" for name_kind in NAME_KINDS)
    # The names are joined one by one (not `% ANY(...)`), so that each is an index scan: with
    # ANY the planner may read the whole table, computing every entry's trigrams.
    return (
        f"{selected}FROM {table} "
        f"WHERE ({kind}, {key}) IN (SELECT * FROM unnest(%(kinds)s::text[], %(keys)s::text[])) "
        f"UNION {selected}FROM unnest(%(names)s::text[]) AS name(key) JOIN {table} "
        f"ON {key} %% name.key WHERE {kind} IN ({name_kinds})"
    )


LISTED = Statement(RiskListEntry, _listed_text)


def listed(wanted: dict[str, set[str]], names: list[str], fields: tuple[str, ...]) -> list[tuple]:
    """(kind, match key, *fields) of each entry whose kind and key is one of `wanted`'s pairs
    ({kind: keys}), and of the names lists' entries that may be near one of `names` (keys)."""
    pairs = [(kind, value) for kind, values in wanted.items() for value in values]
    params = {
        "kinds": [kind for kind, _ in pairs],
        "keys": [value for _, value in pairs],
        "names": names,
    }
    return LISTED.fetchall(params, fields)
