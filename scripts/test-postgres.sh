#!/usr/bin/env bash
# Runs the server test suite (test/server) against a real, throwaway PostgreSQL cluster.
# - Finds PostgreSQL binaries (PG_BIN overrides); installs Debian's `postgresql` package when
#   missing and possible (root + apt-get); otherwise says plainly that it skipped and exits 0.
# - PostgreSQL refuses to run as root: as root, the cluster runs as a system user (shelfwork-pg).
# - initdb in a temp dir (-A trust --no-sync, fsync=off), pg_ctl -w on a free port, then
#   `npx vitest run test/server` with DATABASE_URL set (each test file creates its own database).
# - The cluster is always stopped and the temp dir removed (trap).
set -euo pipefail

cd "$(dirname "$0")/.."

PG_USER_NAME="${PG_SYSTEM_USER:-shelfwork-pg}"
PORT="${PG_TEST_PORT:-54329}"

find_pg_bin() {
  if [[ -n "${PG_BIN:-}" && -x "${PG_BIN}/initdb" ]]; then echo "$PG_BIN"; return 0; fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"; return 0
  fi
  return 1
}

skip() {
  echo "test-postgres: SKIPPED — $1"
  echo "test-postgres: the server suite was not run against PostgreSQL (it still runs on PGlite in npx vitest run). Install PostgreSQL (Debian: apt-get install postgresql) to run it here."
  exit 0
}

BIN="$(find_pg_bin || true)"
if [[ -z "$BIN" ]]; then
  if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
    echo "test-postgres: PostgreSQL binaries not found; installing Debian's postgresql package…"
    if ! (DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null); then
      skip "PostgreSQL is not installed and apt-get could not install it."
    fi
    BIN="$(find_pg_bin || true)"
    [[ -n "$BIN" ]] || skip "the postgresql package installed no initdb/pg_ctl."
  else
    skip "PostgreSQL binaries not found and this is not root with apt-get (cannot install)."
  fi
fi

# Pick a free port, starting at $PORT.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for _ in $(seq 1 50); do
  if port_free "$PORT"; then break; fi
  PORT=$((PORT + 1))
done

RUN_AS=()
if [[ "$(id -u)" == "0" ]]; then
  if ! id -u "$PG_USER_NAME" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER_NAME" 2>/dev/null \
      || adduser --system --no-create-home "$PG_USER_NAME" >/dev/null
  fi
  RUN_AS=(runuser -u "$PG_USER_NAME" --)
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/shelfwork-pg.XXXXXX")"
DATA="$TMP/data"
LOG="$TMP/postgres.log"
[[ ${#RUN_AS[@]} -gt 0 ]] && chown -R "$PG_USER_NAME" "$TMP"

cleanup() {
  local code=$?
  if [[ -f "$DATA/postmaster.pid" ]]; then
    "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$TMP"
  exit $code
}
trap cleanup EXIT INT TERM

echo "test-postgres: $("$BIN/postgres" --version) on port $PORT (cluster in $TMP)"
"${RUN_AS[@]}" "$BIN/initdb" -D "$DATA" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
"${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 30 \
  -o "-p $PORT -k $TMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$LOG"; exit 1; }

export DATABASE_URL="postgresql://postgres@127.0.0.1:$PORT/postgres"
npx vitest run "${@:-test/server}"
