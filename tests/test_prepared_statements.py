"""Prepared statements (DATABASE_PREPARED_STATEMENTS): on by default on PostgreSQL, off by
default behind PgBouncer in transaction mode, never on SQLite; and, where on, a statement a
connection runs repeatedly is prepared on the server (parsed and planned once)."""

import json

import pytest
from django.conf import settings
from django.db import connection

from tests.settings_probe import run_settings

POSTGRES = "postgres://postgres:postgres@127.0.0.1:5432/service"
SHOW = (
    "from django.conf import settings as s; import json; print(json.dumps("
    "{name: s.DATABASES[name].get('OPTIONS', {}) for name in s.DATABASES}))"
)
PREPARED = {"server_side_binding": True, "prepare_threshold": 5}


def _options(**env) -> dict:
    """Each database's prepared-statement options (its other options are other tests')."""
    result = run_settings(SHOW, **env)
    assert result.returncode == 0, result.stderr
    return {
        name: {key: value for key, value in options.items() if key in PREPARED}
        for name, options in json.loads(result.stdout).items()
    }


def test_on_by_default_on_postgresql_and_for_its_replica():
    options = _options(
        DATABASE_URL=POSTGRES,
        DATABASE_REPLICA_URL=POSTGRES.replace("5432", "5440"),
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert options["default"] == PREPARED
    assert PREPARED.items() <= options["replica"].items()


def test_off_by_default_behind_pgbouncer_in_transaction_mode():
    options = _options(DATABASE_URL=POSTGRES, DATABASE_DISABLE_SERVER_SIDE_CURSORS="1")
    assert options["default"] == {}


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DATABASE_PREPARED_STATEMENTS": "0"}, {}),
        (
            {"DATABASE_PREPARED_STATEMENTS": "1", "DATABASE_DISABLE_SERVER_SIDE_CURSORS": "1"},
            PREPARED,
        ),
    ],
)
def test_the_setting_decides_when_given(env, expected):
    assert _options(DATABASE_URL=POSTGRES, **env)["default"] == expected


def test_never_on_sqlite(tmp_path):
    options = _options(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert "server_side_binding" not in options["default"]


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_repeated_statement_is_prepared_on_the_server():
    if not settings.DATABASE_PREPARED_STATEMENTS:
        pytest.skip("prepared statements are off for this database")
    sql = "SELECT count(*) FROM providers_provider WHERE name = %s"
    for n in range(6):
        with connection.cursor() as cursor:
            cursor.execute(sql, [f"prepared-{n}"])
            cursor.fetchall()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements "
            "WHERE statement LIKE %s AND from_sql = false",
            ["%FROM providers_provider WHERE name = $1%"],
        )
        (prepared,) = cursor.fetchone()
    assert prepared == 1
