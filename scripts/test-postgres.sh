#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests and the benchmark (Debian's postgresql package).
#
#   scripts/test-postgres.sh start [port]   starts one (or reuses the one running there); prints its URL
#   scripts/test-postgres.sh url [port]     prints the URL of the one running there
#   scripts/test-postgres.sh stop [port]    stops it and deletes its files
#
# Port: the argument, else $TEST_POSTGRES_PORT, else 5440. Everything (data, socket, log) lives in
# $TEST_POSTGRES_DIR (default /tmp/shop-postgres-<port>). Listens on 127.0.0.1 only, trust
# authentication, fsync off: for tests, never for data anyone wants to keep. The URL's user is the
# superuser `postgres`, its database `postgres`; tests create a fresh database each from there.
# initdb and postgres refuse to run as root: as root, they run as the postgres user (runuser).
set -euo pipefail

command=${1:-}
port=${2:-${TEST_POSTGRES_PORT:-5440}}
dir=${TEST_POSTGRES_DIR:-${TMPDIR:-/tmp}/shop-postgres-$port}
data=$dir/data
url="postgres://postgres@127.0.0.1:$port/postgres"

say() { echo "test-postgres: $*" >&2; }

bindir() {
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then echo "$newest"; return; fi
  if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return; fi
  say "PostgreSQL is not installed (Debian: apt-get install -y postgresql postgresql-contrib)"
  exit 1
}

# Runs a PostgreSQL program as the user that owns the data (postgres when we are root).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

running() { [ -f "$data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

case "$command" in
  start)
    bin=$(bindir)
    if running; then
      say "already running on port $port ($dir)"
      echo "$url"
      exit 0
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    as_owner "$bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)"
    echo "$url"
    ;;
  url)
    bin=$(bindir)
    running || { say "no server running on port $port"; exit 1; }
    echo "$url"
    ;;
  stop)
    bin=$(bindir)
    if running; then as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null; fi
    rm -rf "$dir"
    say "stopped port $port"
    ;;
  *)
    echo "usage: $0 start|url|stop [port]" >&2
    exit 2
    ;;
esac
