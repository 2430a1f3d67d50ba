#!/usr/bin/env bash
# Prints the path of a Chromium that Playwright can drive (stdout: the path only; messages go to
# stderr). Order: $CHROMIUM_PATH if set, an existing system Chromium, else Debian's `chromium`
# package installed with apt-get (only when running as root). Playwright's own browser download
# cannot work on these machines (only npm and Debian mirrors are reachable), see docs/testing.md.
set -euo pipefail

say() { echo "ensure-chromium: $*" >&2; }

usable() { [[ -n "${1:-}" && -x "$1" ]] && "$1" --version >/dev/null 2>&1; }

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  if usable "$CHROMIUM_PATH"; then
    echo "$CHROMIUM_PATH"
    exit 0
  fi
  say "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable Chromium ('$CHROMIUM_PATH --version' failed)."
  exit 1
fi

for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  if usable "$candidate"; then
    echo "$candidate"
    exit 0
  fi
done

if [[ "$(id -u)" -ne 0 ]]; then
  say "no Chromium found at /usr/bin/chromium and not running as root, so it cannot be installed."
  say "Install it (Debian/Ubuntu: 'sudo apt-get install -y chromium') or set CHROMIUM_PATH to a Chromium/Chrome binary."
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  say "no Chromium found and apt-get is not available. Install Chromium and set CHROMIUM_PATH."
  exit 1
fi

say "installing Debian's chromium package (about a minute)..."
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-liberation; } >&2 </dev/null; then
  say "apt-get could not install chromium. Install it yourself or set CHROMIUM_PATH."
  exit 1
fi

if usable /usr/bin/chromium; then
  echo /usr/bin/chromium
  exit 0
fi
say "apt-get finished but /usr/bin/chromium does not run. Set CHROMIUM_PATH to a working Chromium."
exit 1
