"""The readiness checks: each returns None when fine, or what is wrong in a few words."""

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

from ops import workers

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
    """A Redis PING of its own, TLS or not as the URL says, one attempt with short timeouts (not
    through Celery's pool, which could hide a dead broker behind a cached connection)."""
    try:
        if not workers.client(settings.REDIS_URL).ping():
            return "did not answer PING"
    except Exception as exc:
        return f"unreachable ({type(exc).__name__})"
    return None


def queue_workers() -> str | None:
    """The queues no worker consumes, named (their heartbeats in the broker: ops.workers)."""
    found = workers.read(settings.REDIS_URL)
    if found is None:
        return "not checked: the broker did not answer"
    idle = [queue.queue for queue in found if not queue.consumers]
    return f"no worker consumes {', '.join(idle)}" if idle else None


# Checks whose failure leaves this process able to serve: /readyz answers 200, "degraded".
DEGRADING = ("workers",)


def run_checks() -> dict[str, str | None]:
    results = {"database": database()}
    results["migrations"] = (
        "not checked: the database is unreachable" if results["database"] else migrations()
    )
    if settings.REDIS_URL:
        results["broker"] = broker()
        results["workers"] = (
            "not checked: the broker is unreachable" if results["broker"] else queue_workers()
        )
    return results


def as_json(results: dict[str, str | None]) -> dict:
    return {
        name: {"status": _failed(name), "detail": problem} if problem else {"status": "ok"}
        for name, problem in results.items()
    }


def _failed(name: str) -> str:
    return "degraded" if name in DEGRADING else "fail"
