"""Provider ledgers: the sandbox ledger, callbacks (retries, timeouts, tokens), the bulkhead."""

from config.env import env_bool, env_int, env_str
from config.settings.base import DEBUG, LOCAL_HTTP

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
# The log of ledger callback attempts (HTTP status, latency, error of each try) is kept this
# long after the call was made; the calls themselves are kept.
LEDGER_ATTEMPT_RETENTION_DAYS = env_int("LEDGER_ATTEMPT_RETENTION_DAYS", 400)
# A replaced ledger key still opens the provider's answers for this long (its ledger may seal
# with the old key until every instance has the new one); calls are sealed with the new one.
LEDGER_PREVIOUS_KEY_OVERLAP_HOURS = env_int("LEDGER_PREVIOUS_KEY_OVERLAP_HOURS", 24)
# Ledger URLs a provider registers over the API must not name a loopback, private, link-local
# or other special-purpose address (common.special_addresses) unless this is on.
LEDGER_ALLOW_PRIVATE_ADDRESSES = env_bool("LEDGER_ALLOW_PRIVATE_ADDRESSES", DEBUG or LOCAL_HTTP)
