"""The readiness checks: each returns None when fine, or what is wrong in a few words."""

import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

_migrations_applied = False  # once true for this process, it stays true


def database() -> str | None:
    try:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:
        return f"unreachable ({type(exc).__name__})"
    return None


def migrations() -> str | None:
    global _migrations_applied
    if _migrations_applied:
        return None
    try:
        connection = connections[DEFAULT_DB_ALIAS]
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except Exception as exc:
        return f"cannot be read ({type(exc).__name__})"
    if pending:
        return f"{len(pending)} not applied"
    _migrations_applied = True
    return None


def broker() -> str | None:
    """A Redis PING on its own short-lived socket (not the Celery pool, which could hide a
    dead broker behind a cached connection)."""
    if not settings.REDIS_URL:
        return None
    parts = urlsplit(settings.REDIS_URL)
    try:
        with socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or 6379), timeout=1
        ) as sock:
            sock.settimeout(1)
            if parts.password:
                sock.sendall(f"AUTH {parts.password}\r\n".encode())
                sock.recv(64)
            sock.sendall(b"PING\r\n")
            if not sock.recv(16).startswith(b"+PONG"):
                return "did not answer PING"
    except OSError as exc:
        return f"unreachable ({type(exc).__name__})"
    return None


def run_checks() -> dict[str, str | None]:
    results = {"database": database()}
    results["migrations"] = (
        "not checked: the database is unreachable" if results["database"] else migrations()
    )
    results["broker"] = broker() if settings.REDIS_URL else None
    return results


def as_json(results: dict[str, str | None]) -> dict:
    return {
        name: {"status": "fail", "detail": problem} if problem else {"status": "ok"}
        for name, problem in results.items()
        if name != "broker" or settings.REDIS_URL
    }
