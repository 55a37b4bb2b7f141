"""Events and webhooks: address checks, timeouts, leases, secrets, retention."""

from config.env import env_bool, env_int, env_list, env_str
from config.settings.base import DEBUG, LOCAL_HTTP
from config.settings.ledger import SANDBOX_LEDGER_ENABLED

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
# The demo's webhook receiver under /sandbox/webhooks/ (demo and tests only).
SANDBOX_WEBHOOKS_ENABLED = env_bool("SANDBOX_WEBHOOKS_ENABLED", SANDBOX_LEDGER_ENABLED)
