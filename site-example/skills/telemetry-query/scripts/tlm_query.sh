#!/usr/bin/env bash
# Run a read-only query against the Tern telemetry store and print CSV.
#
# Usage:
#   tlm_query.sh "SELECT ..."        inline query
#   tlm_query.sh -f query.sql        query from file
#
# Environment:
#   TERN_HOST     default tern-ro.internal
#   TERN_DB       default tern
#   TERN_TIMEOUT  statement timeout, default 30s
set -euo pipefail

TERN_HOST="${TERN_HOST:-tern-ro.internal}"
TERN_DB="${TERN_DB:-tern}"
TERN_TIMEOUT="${TERN_TIMEOUT:-30s}"

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-2}"
}

[[ $# -ge 1 ]] || usage

if [[ "$1" == "-f" ]]; then
  [[ $# -eq 2 && -r "$2" ]] || { echo "error: cannot read query file '${2:-}'" >&2; exit 2; }
  query="$(cat "$2")"
elif [[ "$1" == "-h" || "$1" == "--help" ]]; then
  usage 0
else
  query="$1"
fi

# Refuse anything that is obviously not a read.
if grep -Eiq '\b(insert|update|delete|drop|alter|truncate|create|grant)\b' <<<"$query"; then
  echo "error: only read-only queries are allowed" >&2
  exit 3
fi

if ! command -v psql >/dev/null 2>&1; then
  echo "error: psql not found; install the PostgreSQL client (14+)" >&2
  exit 4
fi

exec psql "host=${TERN_HOST} dbname=${TERN_DB} user=tern_reader" \
  --no-psqlrc --quiet --csv \
  -c "SET statement_timeout = '${TERN_TIMEOUT}'" \
  -c "SET default_transaction_read_only = on" \
  -c "$query"
