"""/healthz and /readyz: no authentication, no provider data; readiness names each failing
check in a 503 problem document."""

import os

import pytest
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from ops import health
from tests.reviews.broker import RedisServer, _free_port, last_json_line, run_python


def test_liveness_answers_without_credentials(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_readiness_answers_200_when_the_database_is_there(client, db, settings):
    settings.REDIS_URL = None
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json()["checks"] == {
        "database": {"status": "ok"},
        "migrations": {"status": "ok"},
    }


def test_readiness_is_503_naming_an_unreachable_database():
    # Its own process: a server whose DATABASE_URL points at a closed port.
    script = (
        "import django, json; django.setup();"
        "from django.test import Client;"
        "r = Client().get('/readyz');"
        "print(json.dumps({'status': r.status_code, 'type': r['Content-Type'], "
        "'body': r.json()}))"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{_free_port()}/nowhere",
        "SECRET_KEY": "test-only-secret-key",
        "DEBUG": "0",
    }
    env.pop("REDIS_URL", None)
    answer = last_json_line(run_python(script, env))
    assert answer["status"] == 503
    assert answer["type"] == "application/problem+json"
    assert answer["body"]["checks"]["database"]["status"] == "fail"
    assert "database: unreachable" in answer["body"]["detail"]


@pytest.mark.redis
def test_readiness_is_503_naming_a_broker_that_is_down(client, db, settings):
    server = RedisServer()
    server.start()
    try:
        settings.REDIS_URL = server.url
        assert client.get("/readyz").json()["checks"]["broker"] == {"status": "ok"}
        server.stop()
        response = client.get("/readyz")
    finally:
        server.close()
    assert response.status_code == 503
    body = response.json()
    assert body["checks"]["broker"]["status"] == "fail"
    assert body["checks"]["database"] == {"status": "ok"}
    assert body["detail"].startswith("Not ready: broker: unreachable")


def test_health_endpoints_take_get_only(client):
    response = client.post("/healthz")
    assert response.status_code == 405
    assert response["Content-Type"] == "application/problem+json"


def test_readiness_is_503_naming_a_migration_not_applied(client, db, settings, monkeypatch):
    settings.REDIS_URL = None
    monkeypatch.setattr(health, "_migrations_applied", False)  # as in a process just started
    connection = connections[DEFAULT_DB_ALIAS]
    app, name = max(MigrationLoader(connection).graph.leaf_nodes())
    # The database as one the deployment has not migrated yet: that migration's record is
    # gone (inside the test's transaction, rolled back after it).
    deleted, _ = MigrationRecorder(connection).migration_qs.filter(app=app, name=name).delete()
    assert deleted == 1
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["detail"] == "Not ready: migrations: 1 not applied"
    assert body["checks"] == {
        "database": {"status": "ok"},
        "migrations": {"status": "fail", "detail": "1 not applied"},
    }
