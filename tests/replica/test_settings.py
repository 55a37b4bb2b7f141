"""DATABASE_REPLICA_URL in the settings: the "replica" database, its router and the
read-your-writes store only when it is set; refused where read-your-writes could not hold."""

import json

import pytest

from common import replica
from tests.settings_probe import run_settings

PRIMARY = "postgres://postgres:postgres@127.0.0.1:5432/service"
REPLICA = "postgres://postgres:postgres@127.0.0.1:5440/service"
SHOW = (
    "from django.conf import settings as s; import json; print(json.dumps("
    "[sorted(s.DATABASES), s.DATABASE_ROUTERS, sorted(getattr(s, 'CACHES', {}))]))"
)


def _settings(**env):
    return run_settings(SHOW, **env)


def test_without_the_setting_nothing_changes():
    result = _settings(DATABASE_URL=PRIMARY)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [["default"], [], ["default"]]


def test_with_it_the_replica_database_router_and_marker_store():
    result = _settings(
        DATABASE_URL=PRIMARY, DATABASE_REPLICA_URL=REPLICA, REDIS_URL="redis://127.0.0.1:6379/0"
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [
        ["default", "replica"],
        [replica.ROUTER],
        ["default", replica.MARKER_CACHE],
    ]


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"REDIS_URL": "redis://127.0.0.1:6379/0"}, "needs DATABASE_URL on PostgreSQL"),
        ({"DATABASE_URL": PRIMARY}, "needs REDIS_URL"),
        (
            {
                "DATABASE_URL": PRIMARY,
                "REDIS_URL": "redis://127.0.0.1:6379/0",
                "REPLICA_MAX_LAG_SECONDS": "10",
                "READ_YOUR_WRITES_SECONDS": "10",
            },
            "READ_YOUR_WRITES_SECONDS must be at least REPLICA_MAX_LAG_SECONDS + 1",
        ),
    ],
    ids=["sqlite", "no-redis", "window-shorter-than-lag"],
)
def test_refused_where_read_your_writes_could_not_hold(env, message):
    result = _settings(DATABASE_REPLICA_URL=REPLICA, **env)
    assert result.returncode != 0
    assert message in result.stderr


@pytest.mark.django_db
def test_without_a_replica_lists_are_read_from_the_primary(provider, settings):
    settings.DATABASE_ROUTERS = []
    assert not replica.configured()
    replica.served_by.set(None)
    assert provider.client.get(provider.url("/participants")).status_code == 200
    assert replica.served_by.get() == "default"
