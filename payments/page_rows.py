"""What a list page reads of its payments once the page's entries are chosen: each payment's
own columns and its parties' enrollments and funding sources, as plain values in one query
whatever the page size (building five model instances per row cost more than the page's
queries). `payments.rendering` reads these rows through the same attribute names as a Payment.
"""

from common.statements import Statement
from payments.models import Payment, PaymentEntry

# The columns a list row renders, in the order the statement selects them.
_ROW_VALUES = (
    "id", "type", "status", "reference_number", "amount_minor", "currency", "memo",
    "created_on", "expires_on", "completed_on", "hold_active", "hold_expires_on",
    "counterparty_phone", "initiator_participant_id", "initiator_provider_id", "initiator_name",
    "counterparty_participant_id", "counterparty_provider_id", "counterparty_name",
    "counterparty_enrollment_id",
    *(
        f"{party}_enrollment__{name}"
        for party in ("initiator", "counterparty")
        for name in ("external_id", "given_name", "family_name")
    ),
    *(
        f"{party}_funding_source__{name}"
        for party in ("initiator", "counterparty")
        for name in ("id", "funding_type", "display_name", "last4")
    ),
)  # fmt: skip


class _Enrollment:
    __slots__ = ("external_id", "full_name")

    def __init__(self, external_id: str, given: str, family: str):
        self.external_id = external_id
        self.full_name = " ".join(part for part in (given, family) if part)


class _Source:
    __slots__ = ("display_name", "funding_type", "last4")

    def __init__(self, funding_type: str, display_name: str, last4: str):
        self.funding_type, self.display_name, self.last4 = funding_type, display_name, last4


class RowPayment:
    """A payment as a list row reads it: its own columns, its parties' enrollments (externalID
    and name) and funding sources, nothing else."""

    def __init__(self, values: dict):
        for name in _ROW_VALUES:
            if "__" not in name:
                setattr(self, name, values[name])
        self.pk = values["id"]
        for party in ("initiator", "counterparty"):
            external_id = values[f"{party}_enrollment__external_id"]
            enrollment = None
            if external_id is not None:
                enrollment = _Enrollment(
                    external_id,
                    values[f"{party}_enrollment__given_name"],
                    values[f"{party}_enrollment__family_name"],
                )
            setattr(self, f"{party}_enrollment", enrollment)
            source = None
            if values[f"{party}_funding_source__id"] is not None:
                source = _Source(
                    values[f"{party}_funding_source__funding_type"],
                    values[f"{party}_funding_source__display_name"],
                    values[f"{party}_funding_source__last4"],
                )
            setattr(self, f"{party}_funding_source", source)


def _rows_orm(payment_ids: list[str]):
    return Payment.objects.filter(pk__in=payment_ids).values(*_ROW_VALUES)


_PLACEHOLDER = "\x00"


def _rows_text(connection) -> str:
    """The ORM's own statement for `_rows_orm`, compiled once per process with one array
    parameter (`= ANY(%s)` instead of one placeholder per ID, so its text fits any page)."""
    sql, params = _rows_orm([_PLACEHOLDER]).query.sql_with_params()
    if params != (_PLACEHOLDER,) or sql.count(" IN (%s)") != 1:
        raise RuntimeError("the page statement no longer has the shape it was compiled for")
    return sql.replace(" IN (%s)", " = ANY(%s)")


ROWS = Statement(Payment, _rows_text)


def _rows(payment_ids: list[str]) -> list[dict]:
    if not ROWS.applies():
        return list(_rows_orm(payment_ids))
    # PostgreSQL: the statement compiled once. Compiling this 30-column, four-join read took
    # the ORM longer than PostgreSQL takes to run it, on every page; psycopg already returns
    # each column as its field's Python value (no converter applies to these fields).
    rows = ROWS.fetchall([payment_ids])
    return [dict(zip(_ROW_VALUES, row, strict=True)) for row in rows]


def attach_payments(entries: list[PaymentEntry]) -> list[PaymentEntry]:
    """Load a page's payments and their parties in one query, after the page is chosen."""
    rows = _rows([entry.payment_id for entry in entries])
    by_id = {row["id"]: RowPayment(row) for row in rows}
    cache = PaymentEntry.payment.field  # `entry.payment` reads the row from this cache
    for entry in entries:
        cache.set_cached_value(entry, by_id[entry.payment_id])
    return entries
