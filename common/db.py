"""Which database a statement goes to, and the one question asked of it: is it PostgreSQL.

The service runs on PostgreSQL; SQLite is the embedded default for a checkout and the tests.
Code that leaves the ORM for PostgreSQL (docs/decisions/leaving-the-orm.md), or uses what
only PostgreSQL has (advisory locks, a statement timeout, partitions, concurrent index
builds), asks here rather than reading `connection.vendor` itself, so the places that branch
on the database are the callers of `on_postgresql`.
"""

from django.db import connections, router
from django.db.backends.base.base import BaseDatabaseWrapper


def on_postgresql(using: str | BaseDatabaseWrapper) -> bool:
    """Whether the database `using` (an alias, or its connection) is PostgreSQL."""
    connection = connections[using] if isinstance(using, str) else using
    return connection.vendor == "postgresql"


def read_connection(model):
    """The connection the ORM would read `model` from now: the router decides (a replica for a
    page it serves, the primary inside a write)."""
    return connections[router.db_for_read(model)]


def write_connection(model):
    """The connection the ORM would write `model` to."""
    return connections[router.db_for_write(model)]
