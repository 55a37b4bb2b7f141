"""Keyset pagination with opaque, signed cursors.

A cursor names the last row served (its time and ID) and is bound to the provider, the scope
(path) and a digest of the filters that produced it; anything else is `invalid-cursor`.
"""

import hashlib
import json
from dataclasses import asdict, dataclass
from datetime import datetime

from django.core import signing
from django.db.models import BooleanField, Expression, F, Q, QuerySet, Value
from rest_framework.pagination import BasePagination
from rest_framework.response import Response

from common.branches import Branches, first_rows
from common.errors import BadRequest, InvalidCursor

DEFAULT_LIMIT = 25
MAX_LIMIT = 100
_SALT = "api.pagination.cursor"


@dataclass
class Page:
    items: list
    next_cursor: str | None
    has_more: bool

    def envelope(self, key: str, rendered: list) -> dict:
        body = {key: rendered, "hasMore": self.has_more}
        if self.next_cursor:
            body["nextCursor"] = self.next_cursor
        return body


def parse_limit(raw: str | None) -> int:
    if raw is None:
        return DEFAULT_LIMIT
    try:
        limit = int(raw)
    except (TypeError, ValueError):
        raise BadRequest("limit must be an integer from 1 to 100.") from None
    if not 1 <= limit <= MAX_LIMIT:
        raise BadRequest("limit must be from 1 to 100.")
    return limit


def _digest(filters: dict) -> str:
    canonical = json.dumps(filters, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


def encode_cursor(
    *, provider_id: str, scope: str, filters: dict, at: datetime | None, pk: str
) -> str:
    payload = {
        "p": provider_id,
        "s": scope,
        "f": _digest(filters),
        "t": at.isoformat() if at is not None else None,
        "i": pk,
    }
    return signing.dumps(payload, salt=_SALT, compress=True)


def decode_cursor(
    raw: str, *, provider_id: str, scope: str, filters: dict
) -> tuple[datetime | None, str]:
    try:
        payload = signing.loads(raw, salt=_SALT)
        bound = (payload["p"], payload["s"], payload["f"])
        at = None if payload["t"] is None else datetime.fromisoformat(payload["t"])
        pk = str(payload["i"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        raise InvalidCursor("The cursor is malformed.") from None
    if bound != (provider_id, scope, _digest(filters)):
        raise InvalidCursor("The cursor does not match this provider, path or these filters.")
    return at, pk


def paginate(
    queryset: QuerySet | Branches,
    *,
    query_params,
    provider_id: str,
    scope: str,
    filters: dict | None = None,
    time_field: str = "created_on",
    id_field: str = "pk",
    descending: bool = True,
    nullable_time: bool = False,
) -> Page:
    """One page of `queryset` ordered by (time_field, id_field), newest first by default.
    With `nullable_time` (newest first only), rows without a time come last. Branches (rows
    matching any of several conditions) are cut branch by branch, each after the cursor."""
    filters = filters or {}
    limit = parse_limit(query_params.get("limit"))
    raw_cursor = query_params.get("cursor")
    if raw_cursor is not None:
        at, pk = decode_cursor(raw_cursor, provider_id=provider_id, scope=scope, filters=filters)
        if nullable_time:
            queryset = queryset.filter(_after_nullable(time_field, id_field, at, pk))
        elif at is None:
            raise InvalidCursor("The cursor is malformed.")
        else:
            # The plain bound is implied by the row comparison; it lets PostgreSQL skip, when
            # planning, the partitions of a time-partitioned table on the far side of `at`.
            bound = f"{time_field}__{'lte' if descending else 'gte'}"
            queryset = queryset.filter(
                RowCompare((time_field, id_field), "<" if descending else ">", (at, pk)),
                **{bound: at},
            )
    if nullable_time:
        ordering = [F(time_field).desc(nulls_last=True), f"-{id_field}"]
    else:
        sign = "-" if descending else ""
        ordering = [f"{sign}{time_field}", f"{sign}{id_field}"]
    rows = first_rows(queryset, ordering, limit + 1)
    has_more = len(rows) > limit
    rows = rows[:limit]
    next_cursor = None
    if has_more:
        last = rows[-1]
        next_cursor = encode_cursor(
            provider_id=provider_id,
            scope=scope,
            filters=filters,
            at=_attr(last, time_field),
            pk=str(_attr(last, id_field)),
        )
    return Page(items=rows, next_cursor=next_cursor, has_more=has_more)


class RowCompare(Expression):
    """`(a, b) < (x, y)`: the keyset condition as one row comparison. PostgreSQL takes it as an
    index condition after the provider's equality, so a deep page starts its index scan at the
    cursor and costs what the first one does, and it compiles as one expression rather than
    `a < x OR (a = x AND b < y)` (SQLite reads row values too)."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, fields: tuple[str, ...], op: str, values: tuple):
        super().__init__()
        self.fields, self.op, self.raw = [F(name) for name in fields], op, values
        self.values: list[Value] = []

    def resolve_expression(self, query=None, allow_joins=True, reuse=None, summarize=False, **kw):
        resolved = self.copy()
        resolved.fields = [
            f.resolve_expression(query, allow_joins, reuse, summarize) for f in self.fields
        ]
        # Each value adapted as its column is (an aware datetime, a text ID).
        resolved.values = [
            Value(value, output_field=field.output_field).resolve_expression(query)
            for field, value in zip(resolved.fields, self.raw, strict=True)
        ]
        return resolved

    def as_sql(self, compiler, connection):
        sides, params = [], []
        for expressions in (self.fields, self.values):
            compiled = [compiler.compile(expression) for expression in expressions]
            sides.append(", ".join(sql for sql, _ in compiled))
            params.extend(param for _, part in compiled for param in part)
        return f"({sides[0]}) {self.op} ({sides[1]})", params


def _after_nullable(time_field: str, id_field: str, at: datetime | None, pk: str) -> Q:
    """Rows after (at, pk) in newest-first order with the untimed rows last."""
    if at is None:
        return Q(**{f"{time_field}__isnull": True, f"{id_field}__lt": pk})
    return (
        Q(**{f"{time_field}__lt": at})
        | Q(**{time_field: at, f"{id_field}__lt": pk})
        | Q(**{f"{time_field}__isnull": True})
    )


def _attr(obj, path: str):
    for part in path.split("__"):
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class Keyset:
    """A list's order for its cursor: (time_field, id_field), newest first by default."""

    time_field: str = "created_on"
    id_field: str = "pk"
    descending: bool = True
    nullable_time: bool = False


class KeysetPagination(BasePagination):
    """The provider lists' DRF pagination class: `paginate` above, bound to the view.

    The view names its list's `keyset` (order), `envelope_key` (the items' key in the body)
    and `cursor_scope()` (what a cursor is bound to besides the provider and the filters); a
    filtered list sets `cursor_filters` (its filters' binding) before paginating. The body is
    the contract's envelope: {<key>: [...], "hasMore": ..., "nextCursor" when there is more}.
    """

    def paginate_queryset(self, queryset, request, view=None):
        self.envelope_key = view.envelope_key
        self.page = paginate(
            queryset,
            query_params=request.query_params,
            provider_id=view.provider_id,
            scope=view.cursor_scope(),
            filters=getattr(view, "cursor_filters", None),
            **asdict(view.keyset),
        )
        return self.page.items

    def get_paginated_response(self, data):
        return Response(self.page.envelope(self.envelope_key, data))

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": "cursor",
                "in": "query",
                "description": "nextCursor from the previous page",
                "schema": {"type": "string"},
            },
            {
                "name": "limit",
                "in": "query",
                "schema": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_LIMIT,
                    "default": DEFAULT_LIMIT,
                },
            },
        ]
