#!/usr/bin/env bash
# `npm test`: every check of the project, in order, stopping at the first failure.
#   1 typecheck   npx tsc -p tsconfig.json --noEmit
#   2 lint        npx eslint .
#   2b i18n       tsx scripts/check-catalogs.ts   (catalogs extracted and fully translated)
#   3 unit        npx vitest run   (domain, db on fake-indexeddb, sync engine, server on PGlite)
#   4 postgres    bash scripts/test-postgres.sh   (the server suite on a real PostgreSQL)
#   5 e2e         bash scripts/test-e2e.sh        (Playwright in the system Chromium)
# typecheck, lint and i18n run side by side when they come first (one core each).
# Run a subset: `TEST_STAGES="lint unit" npm test`. See docs/testing.md.
set -uo pipefail
cd "$(dirname "$0")/.."

ALL_STAGES=(typecheck lint i18n unit postgres e2e)
read -r -a STAGES <<<"${TEST_STAGES:-${ALL_STAGES[*]}}"

command_for() {
  case "$1" in
    typecheck) echo "npx tsc -p tsconfig.json --noEmit" ;;
    lint) echo "npx eslint ." ;;
    i18n) echo "npx tsx scripts/check-catalogs.ts" ;;
    unit) echo "npx vitest run" ;;
    postgres) echo "bash scripts/test-postgres.sh" ;;
    e2e) echo "bash scripts/test-e2e.sh" ;;
    *) return 1 ;;
  esac
}

for stage in "${STAGES[@]}"; do
  command_for "$stage" >/dev/null || { echo "unknown stage '$stage' (known: ${ALL_STAGES[*]})" >&2; exit 2; }
done

# Colour only on a terminal; CI logs get plain text.
if [[ -t 1 ]]; then BOLD=$'\033[1m' RED=$'\033[1;31m' GREEN=$'\033[1;32m' RESET=$'\033[0m'; else BOLD='' RED='' GREEN='' RESET=''; fi

SUMMARY=()
START_ALL=$SECONDS
# Stage outputs, and the file a stage may name its failed tests in (scripts/test-e2e.sh does), so
# the last lines of a CI log say what failed.
WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/shelfwork-test.XXXXXX")"
trap 'rm -rf "$WORK_DIR"' EXIT
export TEST_FAILURES_FILE="$WORK_DIR/failures.txt"

banner() {
  printf '\n%s==================== %s ====================%s\n' "$BOLD" "$*" "$RESET"
}

summary() {
  banner "summary"
  for line in "${SUMMARY[@]}"; do echo "  $line"; done
  echo "  total: $((SECONDS - START_ALL)) s"
}

# Records a stage's end; on a failure prints the summary and exits.
finish_stage() {
  local stage=$1 cmd=$2 status=$3 took=$4
  if [[ $status -ne 0 ]]; then
    SUMMARY+=("$(printf '%-10s FAILED (exit %d) after %d s' "$stage" "$status" "$took")")
    summary
    printf '\n%sFAILED at stage "%s" (%s)%s\n' "$RED" "$stage" "$cmd" "$RESET"
    if [[ -s "$TEST_FAILURES_FILE" ]]; then echo "what failed:"; cat "$TEST_FAILURES_FILE"; fi
    exit "$status"
  fi
  SUMMARY+=("$(printf '%-10s ok  %4d s' "$stage" "$took")")
}

# typecheck, lint and i18n each use one core and read only the sources: when they come first
# they run side by side, and their outputs are printed in order once all have ended.
STAGE_COUNT=${#STAGES[@]}
SIDE_BY_SIDE=(typecheck lint i18n)
together=()
for stage in "${STAGES[@]}"; do
  [[ " ${SIDE_BY_SIDE[*]} " == *" $stage "* ]] || break
  together+=("$stage")
done
if [[ ${#together[@]} -gt 1 ]]; then
  OUT_DIR="$WORK_DIR"
  started=$SECONDS
  pids=()
  for stage in "${together[@]}"; do
    ( $(command_for "$stage") </dev/null >"$OUT_DIR/$stage.log" 2>&1; echo $? >"$OUT_DIR/$stage.status"; echo $((SECONDS - started)) >"$OUT_DIR/$stage.took" ) &
    pids+=($!)
  done
  wait "${pids[@]}"
  for stage in "${together[@]}"; do
    banner "$stage: $(command_for "$stage")   (side by side with ${together[*]})"
    cat "$OUT_DIR/$stage.log"
    finish_stage "$stage" "$(command_for "$stage")" "$(cat "$OUT_DIR/$stage.status")" "$(cat "$OUT_DIR/$stage.took")"
  done
  STAGES=("${STAGES[@]:${#together[@]}}")
fi

for stage in "${STAGES[@]}"; do
  cmd="$(command_for "$stage")"
  banner "$stage: $cmd"
  started=$SECONDS
  # Commands take no input: CI has no stdin, and a prompt must fail rather than hang.
  $cmd </dev/null
  status=$?
  finish_stage "$stage" "$cmd" "$status" "$((SECONDS - started))"
done

summary
printf '\n%sall %d stages passed%s\n' "$GREEN" "$STAGE_COUNT" "$RESET"
if [[ -s "$TEST_FAILURES_FILE" ]]; then echo "passed, but not at the first try:"; cat "$TEST_FAILURES_FILE"; fi
