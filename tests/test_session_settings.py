"""DATABASE_SESSION_SETTINGS: the service's PostgreSQL connections run without JIT compilation
and parallel workers, sent when connecting (service), or left to the server, role or pooler
(server: the default behind PgBouncer in transaction mode, which refuses startup options it
does not know)."""

import json

import pytest
from django.db import connection

from tests.settings_probe import run_settings

POSTGRES = "postgres://postgres:postgres@127.0.0.1:5432/service"
SHOW = (
    "from django.conf import settings as s; import json; print(json.dumps("
    "{name: s.DATABASES[name].get('OPTIONS', {}).get('options') for name in s.DATABASES}))"
)
SENT = "-c jit=off -c max_parallel_workers_per_gather=0"


def _startup_options(**env) -> dict:
    result = run_settings(SHOW, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_sent_when_connecting_by_default_and_to_the_replica():
    options = _startup_options(
        DATABASE_URL=POSTGRES,
        DATABASE_REPLICA_URL=POSTGRES.replace("5432", "5440"),
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert options == {"default": SENT, "replica": SENT}


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DATABASE_DISABLE_SERVER_SIDE_CURSORS": "1"}, None),
        ({"DATABASE_SESSION_SETTINGS": "server"}, None),
        (
            {"DATABASE_SESSION_SETTINGS": "service", "DATABASE_DISABLE_SERVER_SIDE_CURSORS": "1"},
            SENT,
        ),
    ],
)
def test_left_to_the_server_behind_pgbouncer_or_when_asked(env, expected):
    assert _startup_options(DATABASE_URL=POSTGRES, **env)["default"] == expected


def test_anything_else_is_refused():
    result = run_settings("", DATABASE_URL=POSTGRES, DATABASE_SESSION_SETTINGS="fast")
    assert result.returncode != 0
    assert "DATABASE_SESSION_SETTINGS must be service or server" in result.stderr


def test_never_sent_to_sqlite(tmp_path):
    assert _startup_options(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")["default"] is None


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_connection_runs_with_them():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_setting('jit'), current_setting('max_parallel_workers_per_gather')"
        )
        assert cursor.fetchone() == ("off", "0")
