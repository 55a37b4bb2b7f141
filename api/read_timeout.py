"""A time limit on every statement of a provider API list or search
(docs/decisions/rate-limits.md).

On PostgreSQL such a read (api.views: `read_with_time_limit`) runs in a transaction of its
own whose first statement sets `statement_timeout` for that transaction only
(`set_config(…, true)`, i.e. `SET LOCAL`): it holds behind PgBouncer in transaction mode, where
a session's SET would follow the server connection to other clients, and on the replica. A
statement still running after API_READ_STATEMENT_TIMEOUT_MS is cancelled by the server, the
transaction rolled back and the connection freed, and the read answers 503 `read-timeout`
instead of holding it. SQLite (the embedded default) has no statement timeout: reads there run
as they are.
"""

from django.conf import settings
from django.db import OperationalError, connections, router, transaction

from common.db import on_postgresql
from common.errors import ReadTimedOut

# SQLSTATE query_canceled: the statement timeout (or a cancel request) stopped it. A replica's
# recovery conflict is another state (40001) and stays an OperationalError, which
# common.replica answers by reading from the primary.
QUERY_CANCELED = "57014"
_SET_TIMEOUT = "SELECT set_config('statement_timeout', %s, true)"


def run_timed(read):
    """`read()` with its statements limited, on the database the router reads from now."""
    timeout_ms = settings.API_READ_STATEMENT_TIMEOUT_MS
    # The routers ignore the model: the replica's decides by the read's scope (common.replica).
    alias = router.db_for_read(None)
    connection = connections[alias]
    if not timeout_ms or not on_postgresql(connection):
        return read()
    try:
        with transaction.atomic(using=alias):
            with connection.cursor() as cursor:
                cursor.execute(_SET_TIMEOUT, [f"{timeout_ms}ms"])
            return read()
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) != QUERY_CANCELED:
            raise
        raise ReadTimedOut(
            f"The read ran past the service's limit of {timeout_ms} ms per query and was "
            "stopped. Narrow it (a filter, a date range, a longer q) or retry later."
        ) from exc
