#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   scripts/with-postgres.sh pnpm --filter @kalike/api test
# The cluster lives in a temp dir owned by `postgres` (initdb refuses to run as root),
# listens on 127.0.0.1:${PG_TEST_PORT:-5433}, and is always stopped and removed on exit.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
[[ -x "$PG_BIN/initdb" ]] || { echo "PostgreSQL server binaries not found; install the postgresql package or set PG_BIN" >&2; exit 1; }
PG_PORT="${PG_TEST_PORT:-5433}"
PG_DIR="$(mktemp -d -t kalike-pg-XXXXXX)"

as_postgres() {
  if [[ "$(id -un)" == "postgres" ]]; then
    bash -c "$1"
  else
    su postgres -s /bin/bash -c "$1"
  fi
}

cleanup() {
  local status=$?
  if [[ -f "$PG_DIR/data/postmaster.pid" ]]; then
    as_postgres "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -m fast -w stop" >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
  exit "$status"
}
trap cleanup EXIT INT TERM

chown postgres "$PG_DIR" 2>/dev/null || true
as_postgres "'$PG_BIN/initdb' -D '$PG_DIR/data' -A trust -U postgres --encoding=UTF8 --locale=C.UTF-8" >"$PG_DIR/initdb.log" 2>&1 \
  || { cat "$PG_DIR/initdb.log" >&2; exit 1; }
# Durability is irrelevant for a throwaway cluster; turning it off makes test setup faster.
as_postgres "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/server.log' -w start \
  -o \"-p $PG_PORT -k '$PG_DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\"" >/dev/null \
  || { cat "$PG_DIR/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:${PG_PORT}/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') running at $DATABASE_URL" >&2
"$@"
