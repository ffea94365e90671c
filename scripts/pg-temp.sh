#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's server package) on 127.0.0.1:${PGPORT:-55432} in a temp
# directory and prints its URL. `scripts/pg-temp.sh stop <dir>` stops it. Used by CI and benchmarks.
#
# `scripts/pg-temp.sh replica` starts a primary on PGPORT and a streaming replica of it (hot
# standby, pg_basebackup -R) on ${PGPORT_LEITURA:-PGPORT+1}, both on 127.0.0.1 only, and prints
# PGDIR, PGDIR_LEITURA, DATABASE_URL and DATABASE_URL_LEITURA. `stop <dir> [<dir>…]` stops and
# deletes each; `pause <dir>` stops one keeping its data, `resume <dir>` starts it again (the
# replica catches up from the primary).
set -Eeuo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 | xargs -r dirname)
if [ -z "$PGBIN" ]; then echo "PostgreSQL não encontrado: apt-get install postgresql" >&2; exit 1; fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-}" in
  stop)
    shift
    for d in "$@"; do
      as_pg "$PGBIN/pg_ctl" -D "$d" -m fast -w stop >/dev/null 2>&1 || true
      rm -rf "$d"
    done
    exit 0
    ;;
  pause)
    as_pg "$PGBIN/pg_ctl" -D "$2" -m fast -w stop >/dev/null
    exit 0
    ;;
  resume)
    # Port and options are in the directory's postgresql.conf (replica mode writes them there).
    as_pg "$PGBIN/pg_ctl" -D "$2" -l "$2/server.log" -w start >/dev/null
    exit 0
    ;;
esac
PORT=${PGPORT:-55432}
OPTS="-c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
if [ "${1:-}" != replica ]; then
  DIR=$(mktemp -d /tmp/rastro-pg-XXXXXX)
  # A failed start (port taken, no postgres user) leaves no directory behind; its log goes to stderr.
  falhou() {
    [ -f "$DIR/server.log" ] && cat "$DIR/server.log" >&2
    rm -rf "$DIR"
  }
  trap falhou ERR
  [ "$(id -u)" = 0 ] && chown postgres "$DIR"
  as_pg "$PGBIN/initdb" -D "$DIR" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
  as_pg "$PGBIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -o "-p $PORT -k /tmp $OPTS" start >/dev/null
  trap - ERR
  echo "PGDIR=$DIR"
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
  exit 0
fi

# Replica mode. Settings go into each postgresql.conf (not -o) so `resume` restarts alike; a
# standby needs max_connections at least the primary's.
PORT_LEITURA=${PGPORT_LEITURA:-$((PORT + 1))}
DIR=$(mktemp -d /tmp/rastro-pg-XXXXXX)
DIR_LEITURA=$(mktemp -d /tmp/rastro-pg-leitura-XXXXXX)
configurar() {
  cat >>"$1/postgresql.conf" <<CONF
port = $2
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
fsync = off
max_connections = 200
hot_standby = on
wal_level = replica
max_wal_senders = 10
CONF
}
falhou() {
  for d in "$DIR_LEITURA" "$DIR"; do
    [ -f "$d/server.log" ] && cat "$d/server.log" >&2
    as_pg "$PGBIN/pg_ctl" -D "$d" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$d"
  done
}
trap falhou ERR
if [ "$(id -u)" = 0 ]; then chown postgres "$DIR" "$DIR_LEITURA"; fi
as_pg "$PGBIN/initdb" -D "$DIR" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
configurar "$DIR" "$PORT"
as_pg "$PGBIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w start >/dev/null
# initdb's pg_hba.conf (-A trust) already admits replication connections from 127.0.0.1.
as_pg "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PORT" -U postgres -D "$DIR_LEITURA" -R -X stream -c fast >/dev/null
# The copy brought the primary's log along: the replica starts its own.
as_pg truncate -s 0 "$DIR_LEITURA/server.log"
configurar "$DIR_LEITURA" "$PORT_LEITURA"
as_pg "$PGBIN/pg_ctl" -D "$DIR_LEITURA" -l "$DIR_LEITURA/server.log" -w start >/dev/null
trap - ERR
echo "PGDIR=$DIR"
echo "PGDIR_LEITURA=$DIR_LEITURA"
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
echo "DATABASE_URL_LEITURA=postgres://postgres@127.0.0.1:$PORT_LEITURA/postgres"
