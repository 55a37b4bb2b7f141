"""common.branches: the page of rows matching any of several conditions is the same whichever
way it is built (the statement compiled once with a slot for each part's condition, the ORM's
own union, one OR), newest first, each row once."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F, Q
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.branches import Branches
from payments.models import PaymentEntry
from tests.conftest import is_postgres
from tests.payments.factories import enroll, make_payment

pytestmark = pytest.mark.django_db

ORDERING = ["-created_on", "-payment_id"]


@pytest.fixture
def entries(provider):
    ada = enroll(provider.provider, given="Ada", family="Byron")
    bea = enroll(provider.provider, given="Bea", family="Stone")
    start = timezone.now() - timedelta(hours=2)
    for n in range(12):
        make_payment(
            ada if n % 3 else bea,
            counterparty=bea if n % 3 else ada,
            memo="rent" if n % 2 else "tacos",
            created_on=start + timedelta(minutes=n // 2),  # ties broken by the paymentID
        )
    return PaymentEntry.objects.filter(provider_id=provider.id, is_primary=True), ada, bea


def _page(branches: Branches, count: int) -> tuple[list, str]:
    with CaptureQueriesContext(connection) as captured:
        rows = branches.first(ORDERING, count)
    return [(row.created_on, row.payment_id) for row in rows], captured.captured_queries[-1]["sql"]


def _expected(base, conditions, count) -> list:
    rows = base.filter(conditions).order_by(*ORDERING)[:count]
    return [(row.created_on, row.payment_id) for row in rows]


@pytest.mark.parametrize("count", [1, 4, 50])
def test_the_parts_share_one_compiled_statement(entries, count):
    base, _, bea = entries
    conditions = (Q(search_memo__contains="rent"), Q(participant_id=bea.participant_id))
    got, sql = _page(Branches(base.only("payment_id", "created_on"), conditions), count)
    assert got == _expected(base, conditions[0] | conditions[1], count)
    if is_postgres():
        assert sql.count(" UNION ") == 1 and "branch condition" not in sql
        assert sql.endswith(f'ORDER BY "created_on" DESC, "payment_id" DESC LIMIT {count}')


@pytest.mark.parametrize(
    "shape",
    ["a join in a condition", "related rows selected", "an annotation"],
)
def test_other_shapes_take_the_orm_s_union(entries, shape):
    base, ada, _ = entries
    conditions = (Q(search_memo__contains="tacos"), Q(other_participant_id=ada.participant_id))
    if shape == "a join in a condition":
        conditions = (Q(payment__memo="tacos"), conditions[1])
    elif shape == "related rows selected":
        base = base.select_related("payment")
    else:
        base = base.annotate(when=F("created_on"))
    got, sql = _page(Branches(base, conditions), 5)
    assert got == _expected(base, conditions[0] | conditions[1], 5)
    if is_postgres():
        assert " UNION " in sql and "branch condition" not in sql


@pytest.mark.postgres
def test_the_page_is_planned_for_its_values_never_prepared(entries, settings):
    if not settings.DATABASE_PREPARED_STATEMENTS:
        pytest.skip("prepared statements are off for this database")
    base, _, bea = entries
    conditions = (Q(search_memo__contains="rent"), Q(participant_id=bea.participant_id))
    branches = Branches(base.only("payment_id", "created_on"), conditions)
    one_query = branches.as_one_query().order_by(*ORDERING)
    for _ in range(8):  # past psycopg's prepare_threshold
        branches.first(ORDERING, 3)
        list(one_query[:3])  # the same conditions run otherwise: prepared
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT statement LIKE '%%UNION%%', statement FROM pg_prepared_statements "
            "WHERE statement LIKE '%%search_memo%%ORDER BY%%'"
        )
        rows = cursor.fetchall()
        assert [union for (union, _) in rows] == [False], rows
    assert connection.connection.prepare_threshold == 5  # restored
