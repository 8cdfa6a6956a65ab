#!/usr/bin/env bash
# Make sure PostgreSQL runs on 127.0.0.1:5432, the postgres user connects over TCP without
# a password (trust, local CI machine only) and the database 'test' exists.
# Called by .ci/run; safe to run again (each step checks first).
set -euo pipefail
PGHOST=127.0.0.1
PGPORT=5432
as_pg() { if [ "$(id -un)" = postgres ]; then "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi; }

if ! pg_isready -q -h "$PGHOST" -p "$PGPORT"; then
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1 || true)
  if [ -z "$version" ]; then
    echo "postgres.sh: PostgreSQL is not installed (apt-get install postgresql)" >&2
    exit 1
  fi
  pg_lsclusters -h 2>/dev/null | grep -q "^$version main" || pg_createcluster "$version" main
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 60); do pg_isready -q -h "$PGHOST" -p "$PGPORT" && break; sleep 0.5; done
fi
pg_isready -h "$PGHOST" -p "$PGPORT"

if ! psql -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
  # password auth on TCP: allow the postgres user from loopback without one
  hba=$(as_pg psql -Atc 'show hba_file')
  sed -i -e '1i host all postgres 127.0.0.1/32 trust' -e '1i host all postgres ::1/128 trust' "$hba"
  as_pg psql -c 'select pg_reload_conf()' >/dev/null
fi
if [ "$(psql -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres -Atc "select 1 from pg_database where datname = 'test'")" != 1 ]; then
  psql -h "$PGHOST" -p "$PGPORT" -U postgres -d postgres -c 'create database test'
fi
echo "postgres.sh: PostgreSQL ready at postgresql://postgres@$PGHOST:$PGPORT/test"
