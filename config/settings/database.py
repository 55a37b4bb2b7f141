"""The database: connections, prepared statements, session settings, SQLite, the replica."""

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_str
from config.settings.base import BASE_DIR

_DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}")
# Connection reuse on PostgreSQL: each web thread and worker process keeps its connection for
# DATABASE_CONN_MAX_AGE seconds (checked before reuse), instead of a new one per request; the
# embedded SQLite default opens its file per request. See docs/decisions/database-connections.md.
_PERSISTENT = 600 if _DATABASE_URL.startswith(("postgres", "postgresql")) else 0
DATABASES = {
    "default": dj_database_url.parse(
        _DATABASE_URL,
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", _PERSISTENT),
        conn_health_checks=True,
    )
}
# Behind PgBouncer in transaction mode a server-side cursor cannot outlive its transaction.
DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env_bool(
    "DATABASE_DISABLE_SERVER_SIDE_CURSORS", False
)
# Prepared statements on PostgreSQL (docs/decisions/prepared-statements.md): parameters
# bound by the server, and a statement a connection has run 5 times prepared, so PostgreSQL
# parses and plans it once per connection instead of on every call. Off by default behind
# PgBouncer in transaction mode (a statement prepared on one server connection is unknown to
# the next; PgBouncer 1.21+ with max_prepared_statements can carry them).
DATABASE_PREPARED_STATEMENTS = env_bool(
    "DATABASE_PREPARED_STATEMENTS", not DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"]
)
_PREPARED = {"server_side_binding": True, "prepare_threshold": 5}
if DATABASE_PREPARED_STATEMENTS and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {}).update(_PREPARED)
# The session settings of a service of short queries
# (docs/decisions/jit-and-parallel-workers-off.md): no JIT compilation and no parallel
# workers. Both pay for long analytical queries; at volume a page's estimated cost passed
# their thresholds, and it spent 110 ms compiling, or 5 to 7 ms starting workers, for well
# under a millisecond of work.
# DATABASE_SESSION_SETTINGS=service sends them when connecting; `server` sends nothing and
# leaves them to the server, the role or the pooler: PgBouncer refuses startup options it does
# not know (deploy/dev/pgbouncer.sh sets them on its own server connections instead).
SERVICE_SESSION_SETTINGS = {"jit": "off", "max_parallel_workers_per_gather": "0"}
DATABASE_SESSION_SETTINGS = env_str(
    "DATABASE_SESSION_SETTINGS",
    "server" if DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] else "service",
)
if DATABASE_SESSION_SETTINGS not in ("service", "server"):
    raise ImproperlyConfigured("DATABASE_SESSION_SETTINGS must be service or server")
_SESSION = (
    {"options": " ".join(f"-c {name}={value}" for name, value in SERVICE_SESSION_SETTINGS.items())}
    if DATABASE_SESSION_SETTINGS == "service"
    else {}
)
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {}).update(_SESSION)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several threads and processes (the web's threads, a staff command, the live test
    # server) write to the file (docs/decisions/sqlite-concurrent-writers.md): readers never
    # wait for the writer (WAL), and a transaction takes the write lock when it begins
    # (IMMEDIATE), so a second writer waits up to `timeout` seconds for it rather than
    # failing at once with "database is locked" when a read lock cannot be upgraded.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        timeout=20, transaction_mode="IMMEDIATE", init_command="PRAGMA journal_mode=WAL"
    )

# A streaming read replica (docs/decisions/replica-routing.md): with DATABASE_REPLICA_URL set,
# common.replica.ReplicaRouter sends the provider API's list and feed reads there, except
# inside a transaction, for a provider that wrote within READ_YOUR_WRITES_SECONDS, and while
# the replica is more than REPLICA_MAX_LAG_SECONDS behind (measured at most every
# REPLICA_LAG_CHECK_SECONDS per process) or unreachable. Unset, every query goes to "default".
_DATABASE_REPLICA_URL = env_str("DATABASE_REPLICA_URL")
READ_YOUR_WRITES_SECONDS = env_int("READ_YOUR_WRITES_SECONDS", 10)
REPLICA_MAX_LAG_SECONDS = env_int("REPLICA_MAX_LAG_SECONDS", 5)
REPLICA_LAG_CHECK_SECONDS = 1
if _DATABASE_REPLICA_URL:
    if not _DATABASE_URL.startswith(("postgres", "postgresql")):
        raise ImproperlyConfigured("DATABASE_REPLICA_URL needs DATABASE_URL on PostgreSQL")
    if not env_str("REDIS_URL"):
        # Every process must see a provider's write marker, whichever served the write.
        raise ImproperlyConfigured("DATABASE_REPLICA_URL needs REDIS_URL (read-your-writes)")
    # A read after the marker expired may only see a replica that had replayed the write.
    if READ_YOUR_WRITES_SECONDS < REPLICA_MAX_LAG_SECONDS + REPLICA_LAG_CHECK_SECONDS:
        raise ImproperlyConfigured(
            "READ_YOUR_WRITES_SECONDS must be at least REPLICA_MAX_LAG_SECONDS + "
            f"{REPLICA_LAG_CHECK_SECONDS}"
        )
    DATABASES["replica"] = dj_database_url.parse(
        _DATABASE_REPLICA_URL,
        conn_max_age=DATABASES["default"]["CONN_MAX_AGE"],
        conn_health_checks=True,
    )
    # An unreachable replica costs a request at most this (then the primary answers).
    DATABASES["replica"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 2)
    DATABASES["replica"]["DISABLE_SERVER_SIDE_CURSORS"] = DATABASES["default"][
        "DISABLE_SERVER_SIDE_CURSORS"
    ]
    if DATABASE_PREPARED_STATEMENTS:
        DATABASES["replica"]["OPTIONS"].update(_PREPARED)
    DATABASES["replica"]["OPTIONS"].update(_SESSION)
    DATABASE_ROUTERS = ["common.replica.ReplicaRouter"]  # common.replica.ROUTER
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "read_your_writes": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": env_str("REDIS_URL"),
            "KEY_PREFIX": "read-your-writes",
            "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
        },
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
