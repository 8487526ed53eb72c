#!/usr/bin/env bash
# Scan files for Northwind Orbital credentials and generic secrets.
#
# Usage:
#   scan_secrets.sh [PATH ...]     scan the given files/folders (default: .)
#   scan_secrets.sh --staged       scan only files staged in git
#
# Exit status: 0 = clean, 1 = findings, 2 = usage error.
set -euo pipefail

# name|extended regex
PATTERNS=(
  'nwo-personal-token|nwo_pat_[A-Za-z0-9]{32}'
  'nwo-service-token|nwo_svc_[A-Za-z0-9]{40}'
  'tern-password-url|postgres(ql)?://[^:/ ]+:[^@/ ]+@'
  'private-key-block|-----BEGIN ([A-Z]+ )?PRIVATE KEY-----'
  'aws-access-key-id|AKIA[0-9A-Z]{16}'
  'generic-secret-assign|(secret|passwd|password|api_key)[[:space:]]*[:=][[:space:]]*["'"'"'][^"'"'"' ]{12,}["'"'"']'
)

files=()
if [[ "${1:-}" == "--staged" ]]; then
  mapfile -t files < <(git diff --cached --name-only --diff-filter=ACM)
elif [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
else
  mapfile -t files < <(find "${@:-.}" -type f ! -path '*/.git/*' ! -name '*.png' ! -name '*.gz' ! -name '*.zip')
fi

[[ ${#files[@]} -gt 0 ]] || { echo "nothing to scan"; exit 0; }

findings=0
for entry in "${PATTERNS[@]}"; do
  name="${entry%%|*}"
  regex="${entry#*|}"
  while IFS= read -r hit; do
    [[ -z "$hit" ]] && continue
    # Allow explicit, reviewed exceptions on the same line.
    [[ "$hit" == *"nwo-secrets: allow"* ]] && continue
    file_line="${hit%%:*}:$(cut -d: -f2 <<<"$hit")"
    echo "[$name] $file_line"
    findings=$((findings + 1))
  done < <(grep -HnE -- "$regex" "${files[@]}" 2>/dev/null || true)
done

if [[ $findings -gt 0 ]]; then
  echo "$findings potential secret(s) found. Rotate first, then clean up." >&2
  exit 1
fi
echo "clean: ${#files[@]} file(s) scanned"
