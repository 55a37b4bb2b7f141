"""Settings, all read from the environment (see README "Configuration")."""

from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config import queues
from config.env import env_bool, env_int, env_list, env_str
from config.loopback import outside_loopback

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY is required when DEBUG is off")
    SECRET_KEY = "insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# Public base URL of the API: problem `type` URIs are `{SERVICE_BASE_URL}/errors#<code>`.
SERVICE_BASE_URL = env_str("SERVICE_BASE_URL", "http://127.0.0.1:8000").rstrip("/")

# Plain http on this machine only, for trying the production layout on a laptop
# (`make up-prod DEBUG=0 LOCAL_HTTP=1`): no https redirect, cookies without `Secure`, and
# ledger and webhook URLs on http and loopback, as with DEBUG. Refused unless every allowed
# host, the base URL and the bind address are loopback (config/loopback.py).
LOCAL_HTTP = env_bool("LOCAL_HTTP", False)
if LOCAL_HTTP and (
    _public := outside_loopback(
        allowed_hosts=ALLOWED_HOSTS,
        base_url=SERVICE_BASE_URL,
        bind=env_str("GUNICORN_BIND"),
    )
):
    raise ImproperlyConfigured(
        "LOCAL_HTTP serves plain http on loopback only; not loopback: " + ", ".join(_public)
    )

# X-Service-Version: the versions this build speaks, and the one applied when the header is absent.
SERVICE_VERSIONS = ("v2026.07.00", "v2026.10.00")
SERVICE_DEFAULT_VERSION = env_str("SERVICE_DEFAULT_VERSION", SERVICE_VERSIONS[-1])
if SERVICE_DEFAULT_VERSION not in SERVICE_VERSIONS:
    raise ImproperlyConfigured(f"SERVICE_DEFAULT_VERSION must be one of {SERVICE_VERSIONS}")

# The currency amount limits are expressed in.
PLATFORM_CURRENCY = env_str("PLATFORM_CURRENCY", "USD")

# How long a payout can be claimed and a request paid before the expiry sweep closes it.
PAYOUT_EXPIRY_SECONDS = env_int("PAYOUT_EXPIRY_SECONDS", 14 * 24 * 3600)
REQUEST_EXPIRY_SECONDS = env_int("REQUEST_EXPIRY_SECONDS", 14 * 24 * 3600)
# A payout whose authorize got no trustworthy answer is asked about again after this long.
PAYOUT_RECONCILE_AFTER_SECONDS = env_int("PAYOUT_RECONCILE_AFTER_SECONDS", 600)

# An accepted review command (open, assign) still pending this long after it was enqueued is
# enqueued again by the sweeper (the broker lost it, or its worker died before committing).
REVIEW_COMMAND_REDELIVER_AFTER_SECONDS = env_int("REVIEW_COMMAND_REDELIVER_AFTER_SECONDS", 60)
# "Test this change" replays at most this many assessments (the newest of its window), on the
# backtests queue; at about 7 s per 100,000 that stays within the task's time limit.
RISK_BACKTEST_ROW_LIMIT = env_int("RISK_BACKTEST_ROW_LIMIT", 500_000)
# A participant still pending this long after its creation (or its last re-send) has its
# onboarding handed to a worker again by the sweeper (the broker lost it, or its worker died).
ONBOARDING_REDELIVER_AFTER_SECONDS = env_int("ONBOARDING_REDELIVER_AFTER_SECONDS", 60)

# The reference provider-side ledger under /sandbox/ledger/ (demo and tests only).
SANDBOX_LEDGER_ENABLED = env_bool("SANDBOX_LEDGER_ENABLED", False)
# A sandbox funding source never funded opens with this balance (minor units).
SANDBOX_LEDGER_OPENING_BALANCE = env_int("SANDBOX_LEDGER_OPENING_BALANCE", 1_000_000)

# Ledger callbacks (authorize / release / capture): retries, timeouts, token lifetime.
LEDGER_MAX_ATTEMPTS = env_int("LEDGER_MAX_ATTEMPTS", 8)
LEDGER_RETRY_BASE_MS = env_int("LEDGER_RETRY_BASE_MS", 1000)
LEDGER_RETRY_MAX_MS = env_int("LEDGER_RETRY_MAX_MS", 60_000)
# A Retry-After longer than this is shortened to it (the call still retries).
LEDGER_RETRY_AFTER_MAX_SECONDS = env_int("LEDGER_RETRY_AFTER_MAX_SECONDS", 300)
LEDGER_CONNECT_TIMEOUT_MS = env_int("LEDGER_CONNECT_TIMEOUT_MS", 3000)
LEDGER_READ_TIMEOUT_MS = env_int("LEDGER_READ_TIMEOUT_MS", 10_000)
# One attempt (connect, TLS, send, headers and body) ends at this total, however it trickles.
LEDGER_DEADLINE_MS = env_int(
    "LEDGER_DEADLINE_MS", LEDGER_CONNECT_TIMEOUT_MS + LEDGER_READ_TIMEOUT_MS
)
LEDGER_TOKEN_TTL_SECONDS = env_int("LEDGER_TOKEN_TTL_SECONDS", 300)
LEDGER_CLOCK_LEEWAY_SECONDS = env_int("LEDGER_CLOCK_LEEWAY_SECONDS", 30)
# A pending call or an outcome its receiver has not recorded, untouched this long, is picked
# up again by the sweeper (a broker that lost its data lost the message). Sending a call twice
# is harmless: the ledger answers a repeated idempotency key with its first answer.
LEDGER_STALLED_AFTER_SECONDS = env_int("LEDGER_STALLED_AFTER_SECONDS", 60)
# A bulkhead per provider ledger (ledger/bulkhead.py): at most this many calls to one
# provider's ledger in flight at once over every worker and host, one while its ledger is
# strained (timeouts, 408/429/5xx, or answers this slow) until it answers well again.
LEDGER_MAX_IN_FLIGHT_PER_PROVIDER = env_int("LEDGER_MAX_IN_FLIGHT_PER_PROVIDER", 2)
LEDGER_SLOW_ANSWER_MS = env_int("LEDGER_SLOW_ANSWER_MS", 5000)
# Ledger keys are stored encrypted under a key derived from this (SECRET_KEY when unset).
LEDGER_KEY_ENCRYPTION_KEY = env_str("LEDGER_KEY_ENCRYPTION_KEY")
# Registered ledger URLs must be https (http allowed in DEBUG, for local ledgers).
LEDGER_REQUIRE_HTTPS = env_bool("LEDGER_REQUIRE_HTTPS", not (DEBUG or LOCAL_HTTP))

# Events and webhooks (docs/events.md). Outside DEBUG a webhook URL must be https and resolve
# to public addresses only; WEBHOOK_ALLOWED_HOSTS names hosts, WEBHOOK_ALLOWED_NETWORKS address
# ranges (CIDR) exempt from the address check. A send connects to the addresses checked.
WEBHOOK_REQUIRE_HTTPS = env_bool("WEBHOOK_REQUIRE_HTTPS", not (DEBUG or LOCAL_HTTP))
WEBHOOK_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBHOOK_ALLOW_PRIVATE_ADDRESSES", DEBUG or LOCAL_HTTP)
WEBHOOK_ALLOWED_HOSTS = env_list("WEBHOOK_ALLOWED_HOSTS", [])
WEBHOOK_ALLOWED_NETWORKS = env_list("WEBHOOK_ALLOWED_NETWORKS", [])
WEBHOOK_CONNECT_TIMEOUT_MS = env_int("WEBHOOK_CONNECT_TIMEOUT_MS", 3000)
WEBHOOK_READ_TIMEOUT_MS = env_int("WEBHOOK_READ_TIMEOUT_MS", 10_000)
# One attempt (connect, TLS, send, headers and body) ends at this total, however it trickles.
WEBHOOK_DEADLINE_MS = env_int(
    "WEBHOOK_DEADLINE_MS", WEBHOOK_CONNECT_TIMEOUT_MS + WEBHOOK_READ_TIMEOUT_MS
)
# A claimed delivery is not handed to another worker for this long (longer than the task's
# hard time limit: config/queues.py).
WEBHOOK_LEASE_SECONDS = env_int("WEBHOOK_LEASE_SECONDS", 60)
# Sends in flight to one endpoint at once (1 while it is failing), so one slow receiver takes
# at most this many webhook worker slots and the others keep serving everyone else.
WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT = env_int("WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT", 2)
# A due delivery handed to the broker this long ago without being sent is handed over again.
WEBHOOK_REDELIVER_AFTER_SECONDS = env_int("WEBHOOK_REDELIVER_AFTER_SECONDS", 60)
# After a secret rotation the previous secret signs beside the new one for this long.
WEBHOOK_SECRET_OVERLAP_SECONDS = env_int("WEBHOOK_SECRET_OVERLAP_SECONDS", 24 * 3600)
# An endpoint whose every attempt failed for this long is disabled (staff re-enable it).
WEBHOOK_DISABLE_AFTER_SECONDS = env_int("WEBHOOK_DISABLE_AFTER_SECONDS", 3 * 24 * 3600)
# Signing secrets are stored encrypted under a key derived from this (SECRET_KEY when unset).
WEBHOOK_SECRET_ENCRYPTION_KEY = env_str("WEBHOOK_SECRET_ENCRYPTION_KEY")
EVENT_RETENTION_DAYS = env_int("EVENT_RETENTION_DAYS", 90)
# The log of ledger callback attempts (HTTP status, latency, error of each try) is kept this
# long after the call was made; the calls themselves are kept.
LEDGER_ATTEMPT_RETENTION_DAYS = env_int("LEDGER_ATTEMPT_RETENTION_DAYS", 400)
# The demo's webhook receiver under /sandbox/webhooks/ (demo and tests only).
SANDBOX_WEBHOOKS_ENABLED = env_bool("SANDBOX_WEBHOOKS_ENABLED", SANDBOX_LEDGER_ENABLED)

# Request limits (answered as problem documents before anything is read or written): a body
# over this is 413, a query string over this is 414, all header lines together over this 431.
REQUEST_MAX_BODY_BYTES = env_int("REQUEST_MAX_BODY_BYTES", 1024 * 1024)
REQUEST_MAX_QUERY_BYTES = env_int("REQUEST_MAX_QUERY_BYTES", 4096)
REQUEST_MAX_HEADER_BYTES = env_int("REQUEST_MAX_HEADER_BYTES", 16 * 1024)
# Django's own guard for bodies it reads without a Content-Length (chunked): the same limit.
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BODY_BYTES
# Per-key rate limits (docs/decisions/rate-limits.md): each API key (a token counts against
# the key it was narrowed from) may send this many reads, writes and webhook test sends per
# window of RATE_LIMIT_WINDOW_SECONDS; past that, 429. A provider's own figures (admin)
# replace these. Counted in Redis with REDIS_URL (shared by every host), else in process.
RATE_LIMIT_WINDOW_SECONDS = env_int("RATE_LIMIT_WINDOW_SECONDS", 10)
RATE_LIMIT_READS = env_int("RATE_LIMIT_READS", 10_000)
RATE_LIMIT_WRITES = env_int("RATE_LIMIT_WRITES", 5_000)
RATE_LIMIT_WEBHOOK_TESTS = env_int("RATE_LIMIT_WEBHOOK_TESTS", 500)
# Each statement of a provider API list or search (GET) is stopped after this long, answered
# 503 read-timeout (PostgreSQL: SET LOCAL in the read's transaction; 0 turns it off).
API_READ_STATEMENT_TIMEOUT_MS = env_int("API_READ_STATEMENT_TIMEOUT_MS", 2000)

IDEMPOTENCY_RETENTION_SECONDS = env_int("IDEMPOTENCY_RETENTION_SECONDS", 24 * 3600)
# An in-progress key older than this is taken to belong to a crashed request.
IDEMPOTENCY_LOCK_SECONDS = env_int("IDEMPOTENCY_LOCK_SECONDS", 300)
# Stored responses are sealed under a key derived from this (SECRET_KEY when unset).
IDEMPOTENCY_ENCRYPTION_KEY = env_str("IDEMPOTENCY_ENCRYPTION_KEY")
STAFF_OTP_ENCRYPTION_KEY = env_str("STAFF_OTP_ENCRYPTION_KEY")

BEARER_TOKEN_DEFAULT_TTL_SECONDS = env_int("BEARER_TOKEN_DEFAULT_TTL_SECONDS", 3600)
BEARER_TOKEN_MAX_TTL_SECONDS = env_int("BEARER_TOKEN_MAX_TTL_SECONDS", 30 * 24 * 3600)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "api",
    "providers",
    "participants",
    "limits",
    "ledger",
    "ledger.sandbox",
    "events",
    "events.sandbox",
    "payments",
    "risk",
    "reviews",
    "demo",
    "ops",
]
# The benchmarks and load tools (`bench/`, `manage.py bench_http` and the rest): a development
# app beside the product, installed with DEBUG or BENCH=1; no product package imports it.
BENCH = env_bool("BENCH", DEBUG)
if BENCH:
    INSTALLED_APPS += ["bench"]

MIDDLEWARE = [
    # First: every later step, log line, task and problem document sees the request ID.
    "ops.middleware.RequestIDMiddleware",
    "ops.middleware.AccessLogMiddleware",
    "api.middleware.ProblemDetailsMiddleware",
    "api.middleware.RequestLimitsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

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

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env_str("STATIC_ROOT", str(BASE_DIR / "var" / "static"))
# The web process serves what `collectstatic` gathered (WhiteNoise, after SecurityMiddleware
# below), with a content hash in each name, so a proxy in front is optional and may cache
# them for ever; gzip and Brotli copies are made at collectstatic time.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Celery: without REDIS_URL tasks run eagerly in-process (the embedded default).
REDIS_URL = env_str("REDIS_URL")
# kombu's own Redis transport, on redis:// and rediss:// alike (TLS options in the URL's query,
# e.g. ?ssl_cert_reqs=required&ssl_ca_certs=/path/ca.pem, which every Redis client here reads).
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = None
# No result backend, so no results to expire: beat gets no daily `celery.backend_cleanup` job.
CELERY_RESULT_EXPIRES = None
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Each worker writes a heartbeat per queue it consumes this often (ops.workers); a queue with
# no heartbeat in three intervals has no consumer (/readyz, /metrics, the operations page).
WORKER_HEARTBEAT_SECONDS = env_int("WORKER_HEARTBEAT_SECONDS", 10)
# Celery's defaults for settings it reads on every publish, named: a setting Django's settings
# do not name is looked for under each of its spellings in every map of Celery's chain
# (Django's settings raising AttributeError for each) before Celery's default answers, about a
# fifth of a publish's instructions for these three (docs/decisions/publish-one-command.md).
# tests/ops/test_queues.py keeps each equal to Celery's own default.
CELERY_TASK_SEND_SENT_EVENT = False
CELERY_TASK_REPR_MAXLEVELS = 3
CELERY_BROKER_POOL_ACQUIRE_TIMEOUT = None
# A worker keeps its database connection as a web thread does (DATABASE_CONN_MAX_AGE, checked
# around each task: ops.celery_signals). Celery's Django fixup would close it before and after
# every task unless this count is set, and then does so only every twice this many tasks.
CELERY_DB_REUSE_MAX = 1_000_000
CELERY_TASK_DEFAULT_QUEUE = "default"
# A queue per kind of work, each task with time limits that fit its kind (config/queues.py);
# a test keeps every task in the table, so nothing lands on the default queue. Every queue is
# declared, so a worker started without -Q consumes them all.
CELERY_TASK_QUEUES = queues.celery_queues()
TASK_TABLE = queues.table(
    ledger_deadline=LEDGER_DEADLINE_MS / 1000, webhook_deadline=WEBHOOK_DEADLINE_MS / 1000
)
CELERY_TASK_ROUTES = queues.celery_routes(TASK_TABLE)
CELERY_TASK_ANNOTATIONS = queues.celery_annotations(TASK_TABLE)
# Riding out a broker outage: publishers and workers retry the connection for ever; a socket
# that stops answering is noticed within seconds (keepalive, timeouts, health checks) instead
# of hanging; a worker cancels what it was running when the connection drops (acks_late
# tasks are redelivered). What the library cannot survive, supervision restarts (see
# deploy/systemd and docs/decisions/workers-ride-out-redis.md).
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_TIMEOUT = env_int("CELERY_BROKER_CONNECTION_TIMEOUT", 5)
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A message not acknowledged within this long is delivered again (longer than any task).
    "visibility_timeout": 3600,
    "socket_keepalive": True,
    "socket_timeout": 10,
    "socket_connect_timeout": 5,
    "health_check_interval": 10,
    "retry_on_timeout": True,
}
# Beat wakes at least this often (it sleeps until the next job is due, never longer).
CELERY_BEAT_MAX_LOOP_INTERVAL = 5
if REDIS_URL:
    # A beat may run on every host (docs/decisions/beat-on-every-host.md): redbeat keeps
    # each job's last run in Redis and only the beat holding the Redis lock sends; the others
    # wait for it. A holder that dies stops renewing it, and after BEAT_LOCK_TIMEOUT_SECONDS
    # the next beat takes over where it stopped. The schedule itself is CELERY_BEAT_SCHEDULE.
    # redbeat's scheduler, riding out a broker outage or an emptied broker (common.beat).
    CELERY_BEAT_SCHEDULER = "common.beat:Scheduler"
    CELERY_REDBEAT_REDIS_URL = REDIS_URL
    CELERY_REDBEAT_KEY_PREFIX = "redbeat:"
    CELERY_REDBEAT_LOCK_TIMEOUT = env_int("BEAT_LOCK_TIMEOUT_SECONDS", 30)
    # The holder renews the lock at every wake-up: it must outlast several of them.
    if CELERY_REDBEAT_LOCK_TIMEOUT < 3 * CELERY_BEAT_MAX_LOOP_INTERVAL:
        raise ImproperlyConfigured(
            f"BEAT_LOCK_TIMEOUT_SECONDS must be at least {3 * CELERY_BEAT_MAX_LOOP_INTERVAL}"
        )
    # The broker's socket settings, for redbeat's own Redis client.
    CELERY_REDBEAT_REDIS_OPTIONS = {
        "socket_keepalive": True,
        "socket_timeout": 10,
        "socket_connect_timeout": 5,
        "health_check_interval": 10,
        "retry_on_timeout": True,
    }
CELERY_BEAT_SCHEDULE = {
    "purge-expired-idempotency-keys": {
        "task": "api.tasks.purge_expired_idempotency_keys",
        "schedule": 3600.0,
    },
    "expire-payments": {"task": "payments.tasks.expire_payments", "schedule": 60.0},
    "release-waiting-requests": {
        "task": "payments.tasks.release_waiting_requests",
        "schedule": 60.0,
    },
    "reconcile-payouts": {"task": "payments.tasks.reconcile_payouts", "schedule": 300.0},
    "sweep-review-commands": {"task": "reviews.tasks.sweep_review_commands", "schedule": 30.0},
    "sweep-pending-onboarding": {
        "task": "participants.tasks.sweep_pending_onboarding",
        "schedule": 30.0,
    },
    "sweep-webhook-deliveries": {
        "task": "events.tasks.sweep_webhook_deliveries",
        "schedule": 30.0,
    },
    "purge-expired-events": {"task": "events.tasks.purge_expired_events", "schedule": 3600.0},
    "purge-expired-ledger-attempts": {
        "task": "ledger.tasks.purge_expired_attempts",
        "schedule": 3600.0,
    },
    "resume-stalled-ledger-calls": {
        "task": "ledger.tasks.resume_stalled_calls",
        "schedule": 30.0,
    },
    # Partitions of the history tables made ahead (pg_partman) and expired ones dropped.
    "maintain-partitions": {"task": "ops.tasks.maintain_partitions", "schedule": 3600.0},
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "providers.authentication.ApiKeyAuthentication",
        "providers.authentication.BearerTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # DRF's JSON parser with a nesting-depth cap (api.parsers).
    "DEFAULT_PARSER_CLASSES": ["api.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "api.openapi.ServiceAutoSchema",
    "EXCEPTION_HANDLER": "api.exceptions.problem_exception_handler",
    "UNAUTHENTICATED_USER": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Provider Participant, Payment, Review and Limits Service",
    "DESCRIPTION": (
        "Provider-facing API: participants, funding sources, relationships, payments, "
        "reviews and send limits. Errors are RFC 9457 problem details."
    ),
    "VERSION": SERVICE_DEFAULT_VERSION,
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": r"/providers/",
    "SERVERS": [{"url": SERVICE_BASE_URL}],
    "ENUM_NAME_OVERRIDES": {
        "LimitProviderSourceEnum": "limits.api.serializers.PROVIDER_SOURCES",
        "CountryEnum": "participants.validators.COUNTRY_CODES",
        "CallingCodeEnum": "participants.validators.CALLING_CODES",
        "PaymentTypeEnum": "payments.models.PaymentType",
        "PayoutTypeEnum": ["payout"],
        "RequestTypeEnum": ["request"],
        "PayoutStatusEnum": "payments.models.PayoutStatus",
        "RequestStatusEnum": "payments.models.RequestStatus",
        "OperationTypeEnum": "payments.models.Operation.Type",
        "FundedFromTypeEnum": "payments.models.FundingAttempt.FundingType",
        "FundingTypeEnum": "participants.models.FundingSource.FundingType",
        "ParticipantStatusEnum": "participants.models.Participant.Status",
        "ParticipantReviewStatusEnum": "reviews.models.ParticipantReview.Status",
        "PaymentReviewStatusEnum": "reviews.models.PaymentReview.Status",
        "ReviewCommandKindEnum": "reviews.models.ReviewCommand.Kind",
        "ReviewCommandStatusEnum": "reviews.models.ReviewCommand.Status",
        "PaymentReviewResolutionEnum": ["approved", "rejected"],
        "RiskLevelEnum": "risk.models.Level",
        "EvidenceLevelEnum": "risk.models.EvidenceLevel",
        "EventTypeEnum": "events.types.ALL_TYPES",
        "WebhookEndpointStatusEnum": "events.models.WebhookEndpoint.Status",
    },
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums"],
}

# Logs: readable text by default; LOG_FORMAT=json writes one JSON object a line. Every line
# carries the request ID; the access logger writes one line per request.
LOG_FORMAT = env_str("LOG_FORMAT", "text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured("LOG_FORMAT must be text or json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "text": {"()": "ops.logging.TextFormatter"},
        "json": {"()": "ops.logging.JsonLineFormatter"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # The access logger says what happened to each request; Django's adds the 5xx.
        "django.request": {"level": "ERROR"},
        "access": {"level": env_str("ACCESS_LOG_LEVEL", "INFO")},
        # runserver's own request lines (the access logger has them, with the request ID).
        "django.server": {"level": "CRITICAL"},
        # A line per successful task is noise; failures are logged at ERROR.
        "celery.app.trace": {"level": "WARNING"},
    },
}

# /metrics: with METRICS_TOKEN set, only `Authorization: Bearer <token>` may read it;
# otherwise only direct (unproxied) clients in METRICS_ALLOWED_NETWORKS, an opt-in that is
# empty unless DEBUG: with DEBUG off and neither set, every scrape is refused.
METRICS_TOKEN = env_str("METRICS_TOKEN")
METRICS_ALLOWED_NETWORKS = env_list(
    "METRICS_ALLOWED_NETWORKS", ["127.0.0.1/32", "::1/128"] if DEBUG else []
)

# --- Staff security (docs/decisions/staff-*.md) ---------------------------------------------
# `security` after django-otp's plugins: its admin replaces theirs (security.admin).
INSTALLED_APPS += ["axes", "django_otp", "django_otp.plugins.otp_totp"]
INSTALLED_APPS += ["django_otp.plugins.otp_static", "security"]
# One backend: axes' lockout check before the password, then Django's ModelBackend.
AUTHENTICATION_BACKENDS = ["security.backends.LockoutModelBackend"]
# Last, as axes asks: it turns a refused login into the lockout page.
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]
# Admin login lockout: STAFF_LOGIN_FAILURE_LIMIT failures of one username from one address
# within STAFF_LOGIN_COOLOFF_SECONDS lock that pair (only) for that long from the last
# failure; each further limit's worth of the pair's failures doubles it, up to
# STAFF_LOGIN_MAX_COOLOFF_SECONDS (security.lockout.cool_off, from axes' failure log).
AXES_FAILURE_LIMIT = env_int("STAFF_LOGIN_FAILURE_LIMIT", 10)
STAFF_LOGIN_COOLOFF_SECONDS = env_int("STAFF_LOGIN_COOLOFF_SECONDS", 15 * 60)
STAFF_LOGIN_MAX_COOLOFF_SECONDS = env_int("STAFF_LOGIN_MAX_COOLOFF_SECONDS", 24 * 3600)
AXES_COOLOFF_TIME = "security.lockout.cool_off"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Each attempt record expires by its own cool-off (not the current request's).
AXES_USE_ATTEMPT_EXPIRATION = True
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "security.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "security.lockout.client_address"
# Proxies whose X-Forwarded-For is believed for the login's client address (none by default:
# the peer address counts). List the reverse proxy's address when there is one.
STAFF_TRUSTED_PROXIES = env_list("STAFF_TRUSTED_PROXIES", [])
# axes' own lines name the username in clear: security.lockout logs each event instead.
LOGGING["loggers"]["axes"] = {"level": "ERROR"}

# Second factor (django-otp): every staff account needs a TOTP code (or a backup code) before
# any admin page, while STAFF_OTP_REQUIRED is on (the default unless DEBUG; `make run` keeps
# it off; `check --deploy` refuses it off). An administrator allows a user's enrolment, valid for
# STAFF_OTP_ENROLMENT_SECONDS. A staff session idle for STAFF_SESSION_IDLE_SECONDS ends.
# The authenticator device is `security.models.SealedTOTPDevice` (its key sealed at rest);
# django-otp's TOTP plugin stays installed for its migrations and the verification that
# model reuses, and its own device table stays empty.
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
    "django_otp.middleware.OTPMiddleware",
)
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.contrib.messages.middleware.MessageMiddleware") + 1,
    "security.middleware.StaffSessionMiddleware",
)
# Staff privileges (flags, groups, permissions) change only by a superuser's hand, each change
# recorded with its actor (security.privileges); this names the request's user as the actor.
MIDDLEWARE.insert(
    MIDDLEWARE.index("security.middleware.StaffSessionMiddleware") + 1,
    "security.middleware.StaffActorMiddleware",
)
STAFF_OTP_REQUIRED = env_bool("STAFF_OTP_REQUIRED", not DEBUG)
STAFF_OTP_ENROLMENT_SECONDS = env_int("STAFF_OTP_ENROLMENT_SECONDS", 24 * 3600)
OTP_TOTP_ISSUER = "Provider service"
STAFF_SESSION_IDLE_SECONDS = env_int("STAFF_SESSION_IDLE_SECONDS", 30 * 60)

# Transport: HSTS and the https redirect outside DEBUG. Behind a proxy that ends TLS, the
# redirect trusts its X-Forwarded-Proto (SECURE_PROXY_SSL_HEADER below); health checks and
# metrics scrapes from the host itself stay on plain http.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not (DEBUG or LOCAL_HTTP))
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 365 * 24 * 3600)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)

# Content-Security-Policy (django-csp) on every response: scripts only from the service's
# own origin or with the response's nonce, never inline otherwise; <style> elements the
# same; style attributes allowed (the admin's bars and Swagger UI set them), nothing framed,
# no plugins, forms post only here.
INSTALLED_APPS += ["csp"]
# After WhiteNoise, which answers the static files before any later middleware runs.
MIDDLEWARE.insert(
    MIDDLEWARE.index("whitenoise.middleware.WhiteNoiseMiddleware") + 1,
    "csp.middleware.CSPMiddleware",
)
TEMPLATES[0]["OPTIONS"]["context_processors"].append("csp.context_processors.nonce")
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "style-src-elem": [SELF, NONCE],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not LOCAL_HTTP)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not LOCAL_HTTP)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if LOCAL_HTTP:
    # What `check --deploy` says of plain http is true and intended here: nothing outside
    # this machine can reach it (refused above otherwise).
    SILENCED_SYSTEM_CHECKS = ["security.W008", "security.W012", "security.W016"]
