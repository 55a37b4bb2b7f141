"""common.statements.Statement: a hand-written text built once per database and shape, run on
PostgreSQL only; common.db.on_postgresql, the one question of which database this is."""

import pytest
from django.db import connection

from common.db import on_postgresql
from common.statements import Statement
from providers.models import Provider
from tests.conftest import is_postgres

pytestmark = pytest.mark.django_db


def _counted(built: list):
    def build(connection, *shape):
        built.append((connection.alias, *shape))
        table = Provider._meta.db_table
        return f'SELECT COUNT(*) + %s FROM "{table}"' + (" WHERE TRUE" if shape else "")

    return build


def test_the_text_is_built_once_per_database_and_shape():
    built = []
    statement = Statement(Provider, _counted(built))
    first = statement.text(connection)
    assert statement.text(connection) is first
    assert statement.text(connection, "narrow") != first
    statement.text(connection, "narrow")
    assert built == [("default",), ("default", "narrow")]


def test_it_applies_on_postgresql_only():
    assert on_postgresql("default") is is_postgres()
    assert on_postgresql(connection) is is_postgres()
    assert Statement(Provider, _counted([])).applies() is is_postgres()
    assert Statement(Provider, _counted([]), write=True).applies() is is_postgres()


@pytest.mark.postgres
def test_it_runs_with_each_calls_values():
    statement = Statement(Provider, _counted([]))
    count = Provider.objects.count()
    assert statement.fetchone([1]) == (count + 1,)
    assert statement.fetchall([2], "narrow") == [(count + 2,)]


@pytest.mark.postgres
def test_a_failed_write_marks_the_atomic_block_for_rollback():
    from django.db import DatabaseError, transaction

    table = Provider._meta.db_table
    statement = Statement(Provider, lambda c: f'UPDATE "{table}" SET "nope" = %s', write=True)
    with transaction.atomic():
        with pytest.raises(DatabaseError):
            statement.execute([1])
        assert transaction.get_rollback()  # the block rolls back as it ends
