"""Celery: the broker, queues and task limits, riding out outages, beat and its schedule."""

from django.core.exceptions import ImproperlyConfigured

from config import queues
from config.env import env_bool, env_int, env_str
from config.settings.ledger import LEDGER_DEADLINE_MS
from config.settings.webhooks import WEBHOOK_DEADLINE_MS

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
# tasks are redelivered). A drop while a task runs or is acknowledged no longer ends a worker
# (common.broker_connection, docs/decisions/worker-connection-drop.md); the units in
# deploy/systemd still restart a process that exits for any other reason.
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
    "resume-backtests": {"task": "risk.tasks.resume_backtests", "schedule": 60.0},
    # Partitions of the history tables made ahead (pg_partman) and expired ones dropped.
    "maintain-partitions": {"task": "ops.tasks.maintain_partitions", "schedule": 3600.0},
}
