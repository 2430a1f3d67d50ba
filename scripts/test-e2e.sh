#!/usr/bin/env bash
# End-to-end tests: builds the app, starts the real server (server/main.ts) on a free port with a
# fresh, seeded data folder, waits for /api/health, runs Playwright in the system Chromium, then
# stops the server and removes the data folder whatever happened.
#
# The whole suite runs in E2E_SHARDS (default 2) shards at once, each with its own server and data
# folder (so a shard's dev clock, logins and reservations never meet another's) and its own
# browser: most of a spec's time is waiting (toasts, refreshes, the network), and two shards keep
# `npm test` within its 20 minutes on 2 cores. Each shard runs its files in order, as one run did.
#
#   bash scripts/test-e2e.sh                 # everything, in E2E_SHARDS shards
#   bash scripts/test-e2e.sh -g "installable" # extra arguments go to `playwright test` (one shard)
#   E2E_SHARDS=1 bash scripts/test-e2e.sh    # everything in one run, one server
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

# Arguments pick tests: one shard for those (a shard could be left with none).
SHARDS="${E2E_SHARDS:-2}"
if [[ $# -gt 0 ]]; then SHARDS="${E2E_SHARDS:-1}"; fi
[[ "$SHARDS" =~ ^[1-9][0-9]*$ ]] || { say "E2E_SHARDS must be a positive number (got '$SHARDS')"; exit 2; }

if [[ "${E2E_SKIP_BUILD:-}" != "1" ]]; then
  say "building the app (npx vite build)"
  npx vite build --logLevel warn
  npx vite build --mode console --logLevel warn
fi
[[ -f dist/index.html ]] || { say "dist/index.html is missing: the build did not produce the app"; exit 1; }

DATA_DIRS=()
REPORTS=()
OIDC_PIDS=()
SERVER_PIDS=()
RUNNER_PIDS=()
URLS=()
kill_and_wait() {
  local pid=$1
  if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
}
cleanup() {
  local status=$?
  trap - EXIT INT TERM # run once, even when a signal's exit would fire EXIT again
  local pid dir
  for pid in "${RUNNER_PIDS[@]}"; do kill_and_wait "$pid"; done
  for pid in "${SERVER_PIDS[@]}"; do kill_and_wait "$pid"; done
  for pid in "${OIDC_PIDS[@]}"; do kill_and_wait "$pid"; done
  for dir in "${DATA_DIRS[@]}"; do
    if [[ $status -ne 0 && -f "$dir/server.log" ]]; then
      say "server log of $dir (last 60 lines):"
      tail -n 60 "$dir/server.log" >&2 || true
      if [[ -s "$dir/oidc.log" ]]; then say "test OpenID provider log of $dir:"; tail -n 20 "$dir/oidc.log" >&2 || true; fi
    fi
    rm -rf "$dir"
  done
  # Last, so a CI log's tail names them: the tests that failed or passed only on a retry, from
  # each run's results.json. TEST_FAILURES_FILE: scripts/test.sh prints it again under its summary.
  if [[ ${#REPORTS[@]} -gt 0 ]]; then
    local digest
    digest="$(node --import tsx scripts/lib/e2e-failures.ts "${REPORTS[@]}" $([[ $status -ne 0 ]] && echo --expect-failure) 2>&1 || true)"
    if [[ -n "$digest" ]]; then
      say "tests that did not pass at the first try:"
      echo "$digest" | tee -a "${TEST_FAILURES_FILE:-/dev/null}" >&2
    fi
  fi
  exit $status
}
trap cleanup EXIT INT TERM

# The client the servers are registered as at the test OpenID provider (scripts/oidc-test-provider.ts).
OIDC_CLIENT_ID=shelfwork-test
OIDC_CLIENT_SECRET=shelfwork-test-secret

# Starts a server with a fresh data folder; appends to DATA_DIRS, OIDC_PIDS, SERVER_PIDS and URLS.
# Each server has its own test OpenID provider standing in for Google (Google sign-in,
# test/e2e/google-sign-in.spec.ts) on a port of its own, started first: the server reads its
# issuer at start, and the provider must know the server's callback URL.
start_server() {
  local data_dir port issuer=""
  data_dir="$(mktemp -d "${TMPDIR:-/tmp}/shelfwork-e2e.XXXXXX")"
  DATA_DIRS+=("$data_dir")
  port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  (
    export OIDC_TEST_REDIRECT_URIS="http://127.0.0.1:$port/auth/google/callback"
    export OIDC_TEST_CLIENT_ID="$OIDC_CLIENT_ID" OIDC_TEST_CLIENT_SECRET="$OIDC_CLIENT_SECRET"
    exec node --import tsx scripts/oidc-test-provider.ts
  ) >"$data_dir/oidc.out" 2>"$data_dir/oidc.log" &
  OIDC_PIDS+=($!)
  for _ in $(seq 1 600); do
    issuer="$(sed -n 's/^issuer=//p' "$data_dir/oidc.out")"
    [[ -n "$issuer" ]] && break
    kill -0 "${OIDC_PIDS[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n "$issuer" ]] || { say "the test OpenID provider did not start:"; cat "$data_dir/oidc.log" >&2; exit 1; }
  say "starting a server on port $port with DATA_DIR=$data_dir (Google sign-in at $issuer)"
  # The dev mailbox exists only outside production; generous rate limits so one run's logins pass
  # (every login comes from 127.0.0.1; the auth limits are tested in test/server/auth-throttle.test.ts).
  # `node --import tsx` (what `npx tsx` does, in one process) and `exec`, so $! is the server itself
  # and the trap's kill reaches it.
  (
    export PORT="$port" DATA_DIR="$data_dir" NODE_ENV=test HOST=127.0.0.1
    export SEND_CODE_LIMIT_PER_EMAIL="${SEND_CODE_LIMIT_PER_EMAIL:-1000}" SEND_CODE_LIMIT_PER_IP="${SEND_CODE_LIMIT_PER_IP:-1000}"
    export AUTH_RATE_LIMIT_PER_IP="${AUTH_RATE_LIMIT_PER_IP:-100000}" LOGIN_LIMIT_PER_ACCOUNT="${LOGIN_LIMIT_PER_ACCOUNT:-100000}" LOGIN_LIMIT_PER_IP="${LOGIN_LIMIT_PER_IP:-100000}"
    export GOOGLE_OIDC_ISSUER="$issuer" GOOGLE_CLIENT_ID="$OIDC_CLIENT_ID" GOOGLE_CLIENT_SECRET="$OIDC_CLIENT_SECRET"
    export GOOGLE_REDIRECT_URL="http://127.0.0.1:$port/auth/google/callback"
    unset DATABASE_URL SMTP_URL
    exec node --import tsx server/main.ts
  ) >"$data_dir/server.log" 2>&1 &
  SERVER_PIDS+=($!)
  URLS+=("http://127.0.0.1:$port")
}

# Node's fetch rather than curl: a fresh machine has Node for sure.
health() { node -e "fetch(process.argv[1]).then(async r=>{if(!r.ok)process.exit(1);console.log(await r.text())},()=>process.exit(1))" "$1/api/health"; }

for ((i = 0; i < SHARDS; i++)); do start_server; done
deadline=$((SECONDS + 180))
for ((i = 0; i < SHARDS; i++)); do
  until health "${URLS[$i]}" >/dev/null 2>&1; do
    if ! kill -0 "${SERVER_PIDS[$i]}" 2>/dev/null; then say "the server at ${URLS[$i]} exited before it was healthy"; exit 1; fi
    if (( SECONDS > deadline )); then say "the server at ${URLS[$i]} was not healthy after 180 s"; exit 1; fi
    sleep 0.5
  done
  say "server healthy at ${URLS[$i]}: $(health "${URLS[$i]}")"
done

if [[ "$SHARDS" == "1" ]]; then
  REPORTS+=("test-results/results.json")
  E2E_BASE_URL="${URLS[0]}" E2E_OUTPUT_DIR="test-results" npx playwright test "$@"
  exit $?
fi

# The spec files split into shards of about equal time (scripts/lib/e2e-shards.ts, from the
# seconds each file took in a recorded run: test/e2e/durations.json). Each shard's lines are
# prefixed with its number as they come; its results land in test-results/shard-N
# (E2E_OUTPUT_DIR, see playwright.config.ts).
mapfile -t PLAN < <(node --import tsx scripts/lib/e2e-shards.ts plan "$SHARDS")
for ((i = 1; i <= SHARDS; i++)); do
  REPORTS+=("test-results/shard-$i/results.json")
  read -r -a files <<<"${PLAN[$((i - 1))]:-}"
  [[ ${#files[@]} -gt 0 ]] || { say "shard $i has no spec file (more shards than files?)"; exit 2; }
  say "shard $i: ${files[*]}"
  (
    set +e
    E2E_BASE_URL="${URLS[$((i - 1))]}" E2E_OUTPUT_DIR="test-results/shard-$i" npx playwright test "${files[@]}" "$@" 2>&1 | sed -u "s/^/[shard $i] /"
    exit "${PIPESTATUS[0]}"
  ) &
  RUNNER_PIDS+=($!)
done
status=0
for ((i = 1; i <= SHARDS; i++)); do
  if wait "${RUNNER_PIDS[$((i - 1))]}"; then say "shard $i/$SHARDS passed"; else s=$?; say "shard $i/$SHARDS FAILED (exit $s)"; status=$s; fi
done
RUNNER_PIDS=()
exit $status
