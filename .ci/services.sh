#!/usr/bin/env bash
# Install and start what the tests need, checking first and never assuming:
#   PostgreSQL on 127.0.0.1:5432 with a 'test' database (tests marked postgres),
#   Debian's chromium (Playwright browser tests, marked browser).
# Called by `make test` and `.ci/run`. Needs root (or sudo) only when something is missing;
# without it, it says what is missing and the tests that need it are skipped outside CI.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO="none"; fi
fi

need_apt=()
command -v pg_ctlcluster >/dev/null || need_apt+=(postgresql)
command -v psql >/dev/null || need_apt+=(postgresql-client)
[ -x /usr/bin/chromium ] || need_apt+=(chromium fonts-dejavu-core)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$SUDO" = none ]; then
    echo "services.sh: missing ${need_apt[*]} and no root to install them: those tests will be skipped" >&2
    exit 0
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${need_apt[@]}"
fi

if [ "$SUDO" = none ]; then
  pg_isready -q -h 127.0.0.1 -p 5432 || echo "services.sh: PostgreSQL is not running and there is no root to start it" >&2
  exit 0
fi
$SUDO .ci/postgres.sh
