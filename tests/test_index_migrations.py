"""The indexes added to large, busy tables after their first release are built (and the
replaced ones dropped) concurrently on PostgreSQL (common.index_operations), so a deploy does
not stop writes while an index builds; both directions leave a valid index. SQLite migrates
them as plain indexes (the suite's SQLite run and CI's migration from scratch)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

CASES = [
    # app, the migration before, the migration, index added, index dropped
    (
        "payments",
        "0003_partitioned_status_history",
        "0004_other_party_page_order",
        "payment_entry_other_party_page",
        "payment_entry_other_party",
    ),
    ("participants", "0001_initial", "0002_onboarding_resend", "participant_pending", None),
    *(
        ("payments", "0006_drop_payment_id_index", "0007_short_text_grams", index, None)
        for index in ("payment_entry_memo_grams", "party_name_grams")
    ),
]


def _migrate(target) -> list[str]:
    executor = MigrationExecutor(connection)
    with CaptureQueriesContext(connection) as queries:
        executor.migrate([target])
    return [q["sql"] for q in queries.captured_queries]


def _valid(index: str) -> bool | None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
            "WHERE c.relname = %s",
            [index],
        )
        row = cursor.fetchone()
    return row[0] if row else None


def _latest(app: str) -> tuple[str, str]:
    executor = MigrationExecutor(connection)
    return next(node for node in executor.loader.graph.leaf_nodes() if node[0] == app)


@pytest.mark.parametrize(("app", "before", "migration", "added", "dropped"), CASES)
def test_built_and_dropped_concurrently_both_ways(app, before, migration, added, dropped):
    try:
        backwards = _migrate((app, before))
        assert any(f'DROP INDEX CONCURRENTLY IF EXISTS "{added}"' in sql for sql in backwards)
        assert _valid(added) is None
        if dropped:
            assert any(f'CREATE INDEX CONCURRENTLY "{dropped}"' in sql for sql in backwards)
            assert _valid(dropped) is True

        forwards = _migrate((app, migration))
        assert any(f'CREATE INDEX CONCURRENTLY "{added}"' in sql for sql in forwards)
        assert _valid(added) is True
        if dropped:
            assert any(f'DROP INDEX CONCURRENTLY IF EXISTS "{dropped}"' in sql for sql in forwards)
            assert _valid(dropped) is None
    finally:
        _migrate(_latest(app))
