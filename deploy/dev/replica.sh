#!/usr/bin/env bash
# A streaming read replica of the local PostgreSQL, for DATABASE_REPLICA_URL in development and
# CI: a second cluster made with `pg_basebackup -R` from the primary, on its own port.
#
#   deploy/dev/replica.sh start    # reuse a replica already streaming, else make a new one
#   deploy/dev/replica.sh stop
#   deploy/dev/replica.sh status
#
# Environment: PRIMARY_HOST (127.0.0.1), PRIMARY_PORT (5432), REPLICA_PORT (5440),
# PGUSER (postgres), PGPASSWORD (postgres), REPLICA_DIR (/var/lib/postgresql/
# provider-service-replica-$REPLICA_PORT). Run as root (the cluster runs as the postgres OS
# user) or as the OS user owning the primary's cluster.
set -euo pipefail

PRIMARY_HOST=${PRIMARY_HOST:-127.0.0.1}
PRIMARY_PORT=${PRIMARY_PORT:-5432}
REPLICA_PORT=${REPLICA_PORT:-5440}
export PGUSER=${PGUSER:-postgres}
export PGPASSWORD=${PGPASSWORD:-postgres}
REPLICA_DIR=${REPLICA_DIR:-/var/lib/postgresql/provider-service-replica-${REPLICA_PORT}}

log() { printf 'replica: %s\n' "$*" >&2; }

# The cluster's files belong to the postgres OS user when this runs as root.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

primary() { psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -d postgres -XtAqc "$1"; }
replica() { psql -h 127.0.0.1 -p "$REPLICA_PORT" -d postgres -XtAqc "$1" 2>/dev/null; }

# The primary's server binaries (pg_ctl is not on Debian's PATH).
bindir() {
  local major
  major=$(($(primary "show server_version_num") / 10000))
  echo "/usr/lib/postgresql/${major}/bin"
}

streaming() {
  [ "$(replica "select pg_is_in_recovery()")" = t ] &&
    [ "$(replica "select status from pg_stat_wal_receiver")" = streaming ]
}

# Replication connections match only `replication` lines of pg_hba.conf: when none lets the
# loopback in, add one that authenticates as ordinary loopback connections do, then reload.
allow_replication() {
  if psql "host=$PRIMARY_HOST port=$PRIMARY_PORT replication=true dbname=postgres" \
    -XtAqc "IDENTIFY_SYSTEM" >/dev/null 2>&1; then
    return
  fi
  local hba method
  hba=$(primary "show hba_file")
  method=$(primary "select auth_method from pg_hba_file_rules where type = 'host'
    and 'all' = any(database) and address = '127.0.0.1' order by line_number limit 1")
  log "allowing loopback replication connections in $hba (${method:-scram-sha-256})"
  printf '# provider-service replica (deploy/dev/replica.sh)\nhost replication all 127.0.0.1/32 %s\n' \
    "${method:-scram-sha-256}" >>"$hba"
  primary "select pg_reload_conf()" >/dev/null
  sleep 1
}

stop() {
  if [ -f "$REPLICA_DIR/postmaster.pid" ]; then
    as_owner "$(bindir)/pg_ctl" -D "$REPLICA_DIR" -m fast -w stop >/dev/null 2>&1 || true
  fi
}

start() {
  if streaming; then
    # A test run that died while it had paused replay must not leave it paused.
    replica "select pg_wal_replay_resume()" >/dev/null
    log "streaming on port $REPLICA_PORT (reused)"
    return
  fi
  stop
  if [ "$(primary "show wal_level")" = minimal ]; then
    log "the primary has wal_level = minimal: set it to replica and restart it"; exit 1
  fi
  allow_replication
  rm -rf "$REPLICA_DIR"
  mkdir -p "$(dirname "$REPLICA_DIR")"
  log "pg_basebackup from $PRIMARY_HOST:$PRIMARY_PORT into $REPLICA_DIR"
  as_owner env PGPASSWORD="$PGPASSWORD" pg_basebackup -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" \
    -U "$PGUSER" -D "$REPLICA_DIR" -R -X stream -c fast
  # Debian keeps the server's configuration outside the data directory, so the copy has none:
  # its own port and socket, the primary's client authentication, and the limits a hot
  # standby must not set below the primary's.
  local hba ident setting
  hba=$(primary "show hba_file")
  ident=$(primary "show ident_file")
  {
    echo "port = $REPLICA_PORT"
    echo "listen_addresses = '127.0.0.1'"
    echo "unix_socket_directories = '/var/run/postgresql'"
    echo "hba_file = '$hba'"
    echo "ident_file = '$ident'"
    echo "hot_standby = on"
    echo "hot_standby_feedback = on"
    echo "shared_buffers = 32MB"
    for setting in max_connections max_worker_processes max_wal_senders \
      max_prepared_transactions max_locks_per_transaction; do
      echo "$setting = $(primary "show $setting")"
    done
  } | as_owner tee "$REPLICA_DIR/postgresql.conf" >/dev/null
  as_owner "$(bindir)/pg_ctl" -D "$REPLICA_DIR" -l "$REPLICA_DIR/server.log" -w -t 60 start \
    >/dev/null
  for _ in $(seq 1 30); do streaming && break; sleep 1; done
  streaming || { log "not streaming; see $REPLICA_DIR/server.log"; exit 1; }
  log "streaming on port $REPLICA_PORT"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) if streaming; then log "streaming on port $REPLICA_PORT"; else log "not running"; exit 1; fi ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
