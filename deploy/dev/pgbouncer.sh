#!/usr/bin/env bash
# PgBouncer in transaction mode in front of the local PostgreSQL (Debian's package), as the
# README recommends for many hosts: the suite's concurrency and idempotency tests run through
# it (`make test-pgbouncer`).
#
#   deploy/dev/pgbouncer.sh start    # restart it with a fresh configuration
#   deploy/dev/pgbouncer.sh stop
#
# Environment: PRIMARY_HOST (127.0.0.1), PRIMARY_PORT (5432), PGBOUNCER_PORT (6440),
# PGUSER (postgres), PGPASSWORD (postgres), PGBOUNCER_DIR (/tmp/provider-service-pgbouncer-
# $PGBOUNCER_PORT). Every database name is passed through to the primary, so pytest's test
# database is reached as it is created.
set -euo pipefail

PRIMARY_HOST=${PRIMARY_HOST:-127.0.0.1}
PRIMARY_PORT=${PRIMARY_PORT:-5432}
PGBOUNCER_PORT=${PGBOUNCER_PORT:-6440}
PGUSER=${PGUSER:-postgres}
PGPASSWORD=${PGPASSWORD:-postgres}
PGBOUNCER_DIR=${PGBOUNCER_DIR:-/tmp/provider-service-pgbouncer-${PGBOUNCER_PORT}}

log() { printf 'pgbouncer: %s\n' "$*" >&2; }

# pgbouncer refuses to run as root.
as_runner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

up() { pg_isready -h 127.0.0.1 -p "$PGBOUNCER_PORT" -q 2>/dev/null; }

stop() {
  local pid
  if [ -f "$PGBOUNCER_DIR/pgbouncer.pid" ]; then
    pid=$(cat "$PGBOUNCER_DIR/pgbouncer.pid")
    # A pid file left by a bouncer that was killed may name another process by now.
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = pgbouncer ] || return 0
    kill "$pid"
    for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  fi
}

start() {
  command -v pgbouncer >/dev/null || { log "not installed (apt-get install pgbouncer)"; exit 1; }
  stop
  rm -rf "$PGBOUNCER_DIR"
  mkdir -p "$PGBOUNCER_DIR"
  # Clients log in with the password they would give the primary; the bouncer logs in to the
  # primary with the same one.
  printf '"%s" "%s"\n' "$PGUSER" "$PGPASSWORD" >"$PGBOUNCER_DIR/userlist.txt"
  cat >"$PGBOUNCER_DIR/pgbouncer.ini" <<INI
[databases]
* = host=$PRIMARY_HOST port=$PRIMARY_PORT connect_query='SET jit = off; SET max_parallel_workers_per_gather = 0'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGBOUNCER_PORT
unix_socket_dir =
pool_mode = transaction
auth_type = scram-sha-256
auth_file = $PGBOUNCER_DIR/userlist.txt
admin_users = $PGUSER
stats_users = $PGUSER
max_client_conn = 200
default_pool_size = 30
server_idle_timeout = 10
logfile = $PGBOUNCER_DIR/pgbouncer.log
pidfile = $PGBOUNCER_DIR/pgbouncer.pid
INI
  chmod 600 "$PGBOUNCER_DIR/userlist.txt"
  [ "$(id -u)" = 0 ] && chown -R postgres "$PGBOUNCER_DIR"
  as_runner pgbouncer -d -q "$PGBOUNCER_DIR/pgbouncer.ini"
  for _ in $(seq 1 20); do up && break; sleep 0.25; done
  up || { log "not answering; see $PGBOUNCER_DIR/pgbouncer.log"; exit 1; }
  log "transaction pooling on port $PGBOUNCER_PORT -> $PRIMARY_HOST:$PRIMARY_PORT"
}

[[ "${1:-}" =~ ^(start|stop)$ ]] || { echo "usage: $0 start|stop" >&2; exit 2; }
"$1"
