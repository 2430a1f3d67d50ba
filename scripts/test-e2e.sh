#!/usr/bin/env bash
# End-to-end tests: builds the app, starts the real server (server/main.ts) on a free port with a
# fresh, seeded data folder, waits for /api/health, runs Playwright in the system Chromium, then
# stops the server and removes the data folder whatever happened.
#
#   bash scripts/test-e2e.sh                 # everything
#   bash scripts/test-e2e.sh -g "installable" # extra arguments go to `playwright test`
#   E2E_SKIP_BUILD=1 bash scripts/test-e2e.sh # reuse dist/ from a previous build
#   E2E_BASE_URL=http://localhost:8080 bash scripts/test-e2e.sh  # against a server you started
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "[e2e] $*" >&2; }

CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)"
export CHROMIUM_PATH
say "chromium: $CHROMIUM_PATH ($("$CHROMIUM_PATH" --version 2>/dev/null || true))"

if [[ -n "${E2E_BASE_URL:-}" ]]; then
  say "using the server at $E2E_BASE_URL"
  exec npx playwright test "$@"
fi

if [[ "${E2E_SKIP_BUILD:-}" != "1" ]]; then
  say "building the app (npx vite build)"
  npx vite build --logLevel warn
fi
[[ -f dist/index.html ]] || { say "dist/index.html is missing: the build did not produce the app"; exit 1; }

DATA_DIR="$(mktemp -d "${TMPDIR:-/tmp}/shelfwork-e2e.XXXXXX")"
SERVER_LOG="$DATA_DIR/server.log"
SERVER_PID=""
cleanup() {
  local status=$?
  trap - EXIT INT TERM # run once, even when a signal's exit would fire EXIT again
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ $status -ne 0 && -f "$SERVER_LOG" ]]; then
    say "server log (last 60 lines):"
    tail -n 60 "$SERVER_LOG" >&2 || true
  fi
  rm -rf "$DATA_DIR"
  exit $status
}
trap cleanup EXIT INT TERM

PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
say "starting the server on port $PORT with DATA_DIR=$DATA_DIR"
# The dev mailbox exists only outside production; generous rate limits so one run's logins pass
# (every login comes from 127.0.0.1; the auth limits are tested in test/server/auth-throttle.test.ts).
# `node --import tsx` (what `npx tsx` does, in one process) and `exec`, so $! is the server itself
# and the trap's kill reaches it.
(
  export PORT DATA_DIR NODE_ENV=test HOST=127.0.0.1
  export SEND_CODE_LIMIT_PER_EMAIL="${SEND_CODE_LIMIT_PER_EMAIL:-1000}" SEND_CODE_LIMIT_PER_IP="${SEND_CODE_LIMIT_PER_IP:-1000}"
  export AUTH_RATE_LIMIT_PER_IP="${AUTH_RATE_LIMIT_PER_IP:-100000}" LOGIN_LIMIT_PER_ACCOUNT="${LOGIN_LIMIT_PER_ACCOUNT:-100000}" LOGIN_LIMIT_PER_IP="${LOGIN_LIMIT_PER_IP:-100000}"
  unset DATABASE_URL SMTP_URL
  exec node --import tsx server/main.ts
) >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!

E2E_BASE_URL="http://127.0.0.1:$PORT"
export E2E_BASE_URL
# Node's fetch rather than curl: a fresh machine has Node for sure.
health() { node -e "fetch(process.argv[1]).then(async r=>{if(!r.ok)process.exit(1);console.log(await r.text())},()=>process.exit(1))" "$E2E_BASE_URL/api/health"; }
deadline=$((SECONDS + 120))
until health >/dev/null 2>&1; do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then say "the server exited before it was healthy"; exit 1; fi
  if (( SECONDS > deadline )); then say "the server was not healthy after 120 s"; exit 1; fi
  sleep 0.5
done
say "server healthy: $(health)"

npx playwright test "$@"
