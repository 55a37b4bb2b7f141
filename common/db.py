"""The one question asked of a database: is it PostgreSQL.

The service runs on PostgreSQL; SQLite is the embedded default for a checkout and the tests.
Code that leaves the ORM for PostgreSQL (docs/decisions/leaving-the-orm.md), or uses what
only PostgreSQL has (advisory locks, a statement timeout, partitions, concurrent index
builds), asks here rather than reading `connection.vendor` itself: the places that branch on the
database call `on_postgresql`, directly or through a `Statement`'s `applies()`.
"""

from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper


def on_postgresql(using: str | BaseDatabaseWrapper) -> bool:
    """Whether the database `using` (an alias, or its connection) is PostgreSQL."""
    connection = connections[using] if isinstance(using, str) else using
    return connection.vendor == "postgresql"
