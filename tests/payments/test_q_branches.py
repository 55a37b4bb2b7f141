"""The provider-wide list's q naming a participant (externalID or participantID).

A payment matches three ways: its text, the participant as the entry's own party, the
participant as the other party. On PostgreSQL each way is its own ordered, limited query and
the page their UNION (common.branches); SQLite runs one OR. Either way the pages are the
matches newest first, each once, walked page by page across cursors.
"""

import re
from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.conftest import is_postgres
from tests.payments.factories import enroll, make_payment

pytestmark = pytest.mark.django_db

PAGE_SIZES = (1, 2, 5, 100)
EXTERNAL_ID = "cust-42"


@dataclass
class Row:
    payment: object
    by: set  # which q values match it: "external", "participant"


@dataclass
class World:
    searched: object  # the participant q names
    rows: list[Row]


def _world(provider, other_provider) -> World:
    xavier = enroll(provider.provider, given="Xavier", family="Quinn", external_id=EXTERNAL_ID)
    ada = enroll(provider.provider, given="Ada", family="Byron")
    bea = enroll(provider.provider, given="Bea", family="Stone")
    cal = enroll(other_provider.provider, given="Cal", family="Reyes")
    start = timezone.now() - timedelta(days=1)

    def at(minutes: int):
        return start + timedelta(minutes=minutes)

    both, ext, pid = {"external", "participant"}, {"external"}, {"participant"}
    rows = [
        # Xavier as the entry's own party (initiator).
        Row(make_payment(xavier, counterparty=ada, status="completed", created_on=at(0)), both),
        # Xavier as the other party: Ada's payout to him, Ada's request he pays.
        Row(make_payment(ada, counterparty=xavier, status="completed", created_on=at(1)), both),
        Row(
            make_payment(
                ada, type="request", status="completed", counterparty=xavier, created_on=at(4)
            ),
            both,
        ),
        # Matched two ways: its memo names Xavier (both IDs) and he is its party; a tie on
        # createdOn with the payment above it.
        Row(
            make_payment(
                xavier,
                counterparty=bea,
                memo=f"Rent CUST-42 {xavier.participant_id}",
                created_on=at(1),
            ),
            both,
        ),
        # Text only: the memo, for each q.
        Row(make_payment(ada, counterparty=bea, memo="re: cust-42", created_on=at(2)), ext),
        # Another provider's participant pays Xavier: this provider's entry is his.
        Row(make_payment(cal, counterparty=xavier, status="completed", created_on=at(3)), both),
        Row(make_payment(xavier, type="request", counterparty=ada, created_on=at(3)), both),
        Row(make_payment(xavier, created_on=at(5)), both),  # no counterparty bound yet
        # Neither: between others, or another provider's and not seen here.
        Row(make_payment(ada, counterparty=bea, status="completed", created_on=at(2)), set()),
        Row(make_payment(bea, type="request", counterparty=ada, created_on=at(4)), set()),
        Row(make_payment(cal, counterparty=ada, created_on=at(5)), set()),
        Row(make_payment(cal, created_on=at(3)), set()),
    ]
    pid_memo = f"for {xavier.participant_id}"
    rows.append(Row(make_payment(ada, counterparty=bea, memo=pid_memo, created_on=at(5)), pid))
    return World(searched=xavier, rows=rows)


def _expected(world: World, provider_id: str, by: str, status: str | None = None) -> list[str]:
    matched = [
        row.payment
        for row in world.rows
        if by in row.by
        and provider_id in (row.payment.initiator_provider_id, row.payment.counterparty_provider_id)
        and (status is None or row.payment.status == status)
    ]
    matched.sort(key=lambda p: (p.created_on, p.id), reverse=True)
    return [payment.id for payment in matched]


def _pages(ctx, params: dict, limit: int) -> list[list[str]]:
    pages, cursor = [], None
    while True:
        query = {**params, "limit": limit, **({"cursor": cursor} if cursor else {})}
        response = ctx.client.get(ctx.url("/payments"), query)
        assert response.status_code == 200, response.content
        body = response.json()
        pages.append([row["paymentID"] for row in body["payments"]])
        assert ("nextCursor" in body) == body["hasMore"]
        if not body["hasMore"]:
            return pages
        cursor = body["nextCursor"]


def _chunks(ids: list[str], size: int) -> list[list[str]]:
    return [ids[i : i + size] for i in range(0, len(ids), size)] or [[]]


def _q(world: World, by: str) -> str:
    return EXTERNAL_ID if by == "external" else world.searched.participant_id


@pytest.mark.parametrize("by", ["external", "participant"])
@pytest.mark.parametrize("limit", PAGE_SIZES)
def test_pages_are_the_matches_newest_first(provider, other_provider, by, limit):
    world = _world(provider, other_provider)
    expected = _expected(world, provider.id, by)
    assert len(expected) == 8
    assert _pages(provider, {"q": _q(world, by)}, limit) == _chunks(expected, limit)


@pytest.mark.parametrize("by", ["external", "participant"])
@pytest.mark.parametrize("limit", PAGE_SIZES)
def test_pages_with_a_status_filter_too(provider, other_provider, by, limit):
    world = _world(provider, other_provider)
    expected = _expected(world, provider.id, by, status="completed")
    assert len(expected) == 4
    params = {"q": _q(world, by), "status": "completed"}
    assert _pages(provider, params, limit) == _chunks(expected, limit)


def test_the_other_provider_sees_only_its_participant_s_payments(provider, other_provider):
    world = _world(provider, other_provider)
    expected = _expected(world, other_provider.id, "participant")
    assert len(expected) == 1  # Cal's payout to Xavier
    params = {"q": world.searched.participant_id}
    assert _pages(other_provider, params, 1) == _chunks(expected, 1)


def _page_query(provider, params: dict) -> str:
    with CaptureQueriesContext(connection) as captured:
        response = provider.client.get(provider.url("/payments"), params)
    assert response.status_code == 200
    (sql,) = [
        q["sql"]
        for q in captured.captured_queries
        if '"payments_paymententry"' in q["sql"] and "LIMIT" in q["sql"]
    ]
    return sql


def test_each_way_is_an_ordered_limited_query_of_the_union(provider, other_provider):
    world = _world(provider, other_provider)
    first = provider.client.get(provider.url("/payments"), {"q": EXTERNAL_ID, "limit": 2})
    params = {"q": EXTERNAL_ID, "limit": 2, "cursor": first.json()["nextCursor"]}
    sql = _page_query(provider, params)
    if not is_postgres():
        # SQLite cannot order and limit a UNION's parts: one query with the ways OR-ed.
        assert "UNION" not in sql and sql.count(" OR ") >= 2
        return
    parts = sql.split(" UNION ")
    assert len(parts) == 3  # text, own party, other party
    order = r'ORDER BY "payments_paymententry"\."created_on" DESC, ' + (
        r'"payments_paymententry"\."payment_id" DESC LIMIT 3\)'
    )
    cursor = '("payments_paymententry"."created_on", "payments_paymententry"."payment_id") <'
    for part in parts:
        assert re.search(order, part), part
        assert cursor in part and " OR " not in part, part
    # Then the union, ordered and cut again (by its columns' names).
    assert parts[-1].endswith(') ORDER BY "created_on" DESC, "payment_id" DESC LIMIT 3'), sql
    participant = world.searched.participant_id
    assert f"\"participant_id\" = '{participant}'" in parts[1]
    assert f"\"other_participant_id\" = '{participant}'" in parts[2]


def test_a_q_naming_no_participant_stays_one_query(provider, other_provider):
    _world(provider, other_provider)
    sql = _page_query(provider, {"q": "rent"})
    assert "UNION" not in sql
