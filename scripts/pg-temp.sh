#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's server package) on 127.0.0.1:${PGPORT:-55432} in a temp
# directory and prints its URL. `scripts/pg-temp.sh stop <dir>` stops it. Used by CI and benchmarks.
set -Eeuo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 | xargs -r dirname)
if [ -z "$PGBIN" ]; then echo "PostgreSQL não encontrado: apt-get install postgresql" >&2; exit 1; fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "${1:-}" = stop ]; then
  as_pg "$PGBIN/pg_ctl" -D "$2" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$2"
  exit 0
fi
PORT=${PGPORT:-55432}
DIR=$(mktemp -d /tmp/rastro-pg-XXXXXX)
# A failed start (port taken, no postgres user) leaves no directory behind; its log goes to stderr.
falhou() {
  [ -f "$DIR/server.log" ] && cat "$DIR/server.log" >&2
  rm -rf "$DIR"
}
trap falhou ERR
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
as_pg "$PGBIN/initdb" -D "$DIR" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
  -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
trap - ERR
echo "PGDIR=$DIR"
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
