#!/usr/bin/env bash
# Installs Dask distributed (Debian python3-distributed + python3-dask) for scripts/dask-build and
# its test (test/cli/dask-build.test.ts). Idempotent: does nothing when /usr/bin/python3 already
# imports both. Quiet: apt's output is kept and shown only when the install fails.
set -euo pipefail
PY=/usr/bin/python3
if [ -x "$PY" ] && "$PY" -c 'import dask, distributed' >/dev/null 2>&1; then
  echo "dask distributed present: $("$PY" -c 'import distributed; print(distributed.__version__)')"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends python3 python3-distributed python3-dask; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "setup-dask: apt-get install python3-distributed python3-dask failed" >&2
  exit 1
fi
echo "dask distributed installed: $("$PY" -c 'import distributed; print(distributed.__version__)')"
