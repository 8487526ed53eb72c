#!/usr/bin/env bash
# List active telecommand keys and their age; flag keys that are due.
#
# Usage: key_age.sh [SAT_ID]
#
# Reads JSON from `nwo keys list --json`, or from the file named in
# KEYS_JSON (useful for testing). Needs jq.
set -euo pipefail

DUE_DAYS="${DUE_DAYS:-150}"
LIMIT_DAYS="${LIMIT_DAYS:-180}"
sat="${1:-}"

command -v jq >/dev/null 2>&1 || { echo "error: jq is required" >&2; exit 2; }

if [[ -n "${KEYS_JSON:-}" ]]; then
  json="$(cat "${KEYS_JSON}")"
else
  json="$(nwo keys list --json)"
fi

now="$(date -u +%s)"
printf '%-8s %-5s %-12s %5s  %s\n' SAT SLOT ACTIVATED DAYS STATUS
jq -r --arg sat "${sat}" '
  .[] | select(.active == true) | select($sat == "" or .sat == $sat)
  | [.sat, (.slot|tostring), .activated] | @tsv' <<<"${json}" |
while IFS=$'\t' read -r s slot activated; do
  then="$(date -u -d "${activated}" +%s)"
  days=$(( (now - then) / 86400 ))
  status=OK
  (( days >= DUE_DAYS )) && status=DUE
  (( days >= LIMIT_DAYS )) && status=OVERDUE
  printf '%-8s %-5s %-12s %5d  %s\n' "${s}" "${slot}" "${activated}" "${days}" "${status}"
done
