#!/usr/bin/env bash
# Prints the path of an HAProxy binary (stdout: the path only; messages go to stderr), for
# scripts/bench-hosts.ts. Order: $HAPROXY_PATH if set, an existing haproxy on PATH or in
# /usr/sbin, else Debian's `haproxy` package (2.6 on bookworm) installed with apt-get — as root,
# or through sudo when that works without a password. Like scripts/ensure-chromium.sh: only npm
# and Debian mirrors are reachable from these machines.
set -euo pipefail

say() { echo "ensure-haproxy: $*" >&2; }

usable() { [[ -n "${1:-}" && -x "$1" ]] && "$1" -v >/dev/null 2>&1; }

if [[ -n "${HAPROXY_PATH:-}" ]]; then
  if usable "$HAPROXY_PATH"; then
    echo "$HAPROXY_PATH"
    exit 0
  fi
  say "HAPROXY_PATH=$HAPROXY_PATH is not an executable HAProxy ('$HAPROXY_PATH -v' failed)."
  exit 1
fi

for candidate in "$(command -v haproxy 2>/dev/null || true)" /usr/sbin/haproxy /usr/local/sbin/haproxy; do
  if usable "$candidate"; then
    echo "$candidate"
    exit 0
  fi
done

if [[ "$(id -u)" -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  say "no haproxy found, and neither root nor password-less sudo, so it cannot be installed."
  say "Install it (Debian/Ubuntu: 'sudo apt-get install -y haproxy') or set HAPROXY_PATH to an haproxy binary."
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  say "no haproxy found and apt-get is not available. Install HAProxy and set HAPROXY_PATH."
  exit 1
fi

say "installing Debian's haproxy package..."
# Only the binary is used: the benchmark runs haproxy in the foreground with its own configuration
# (on a machine with an init system the package also enables its service with /etc/haproxy's).
export DEBIAN_FRONTEND=noninteractive
if ! { "${as_root[@]}" apt-get update -qq && "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy; } >&2 </dev/null; then
  say "apt-get could not install haproxy. Install it yourself or set HAPROXY_PATH."
  exit 1
fi

for candidate in /usr/sbin/haproxy "$(command -v haproxy 2>/dev/null || true)"; do
  if usable "$candidate"; then
    echo "$candidate"
    exit 0
  fi
done
say "apt-get finished but haproxy does not run. Set HAPROXY_PATH to a working haproxy."
exit 1
