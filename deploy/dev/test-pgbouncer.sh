#!/usr/bin/env bash
# The suite's concurrency and idempotency tests (marker `pgbouncer`) through PgBouncer in
# transaction mode (deploy/dev/pgbouncer.sh) with DATABASE_DISABLE_SERVER_SIDE_CURSORS=1, as
# the README recommends for many hosts. `make test-pgbouncer` runs it; CI too.
#
# DATABASE_URL names the primary (postgres://user:password@host:port/name). The run has its
# own test database, test_<name>_pgbouncer: dropped on the primary before and after, since a
# bouncer's pooled server connections would keep Django from dropping it itself.
set -euo pipefail
cd "$(dirname "$0")/../.."

case "${DATABASE_URL:-}" in
  postgres://* | postgresql://*) ;;
  *) echo "test-pgbouncer needs DATABASE_URL=postgres://… (the primary)" >&2; exit 2 ;;
esac
export PGBOUNCER_PORT=${PGBOUNCER_PORT:-6440}

# host, port, user, password and name of DATABASE_URL, then the same through the bouncer.
read -r host port user password name bounced < <(.venv/bin/python - <<'PY'
import os
from urllib.parse import urlsplit, urlunsplit

url = urlsplit(os.environ["DATABASE_URL"])
name = url.path.lstrip("/") + "_pgbouncer"
netloc = f"{url.username}:{url.password}@127.0.0.1:{os.environ['PGBOUNCER_PORT']}"
bounced = urlunsplit((url.scheme, netloc, "/" + name, url.query, ""))
print(url.hostname, url.port or 5432, url.username, url.password, name, bounced)
PY
)
export PRIMARY_HOST=$host PRIMARY_PORT=$port PGUSER=$user PGPASSWORD=$password
test_db="test_${name}"

drop_test_db() {
  psql -h "$host" -p "$port" -d postgres -XqAt -c "SET client_min_messages = warning" \
    -c "DROP DATABASE IF EXISTS \"$test_db\" WITH (FORCE)"
}
finish() {
  deploy/dev/pgbouncer.sh stop
  drop_test_db
}
trap finish EXIT

deploy/dev/pgbouncer.sh start
drop_test_db
# --reuse-db: Django keeps the test database at the end (finish drops it past the bouncer).
env -u DATABASE_REPLICA_URL DATABASE_URL="$bounced" DATABASE_DISABLE_SERVER_SIDE_CURSORS=1 \
  DEBUG=0 .venv/bin/python -m pytest -m pgbouncer --reuse-db ${PYTEST_ARGS:-}
# What went through the bouncer: transactions and queries on the test database.
psql -h 127.0.0.1 -p "$PGBOUNCER_PORT" -d pgbouncer -XAtF ' ' -c "SHOW STATS" |
  awk -v db="$test_db" '$1 == db { print "pgbouncer: " $2 " transactions, " $3 " queries on " db }'
