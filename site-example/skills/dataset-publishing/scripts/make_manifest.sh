#!/usr/bin/env bash
# Build checksums.sha256 and manifest.json for a delivery folder.
#
# Usage: make_manifest.sh DELIVERY_DIR ORDER_ID CUSTOMER
#
# Writes DELIVERY_DIR/checksums.sha256 and DELIVERY_DIR/manifest.json.
# Every regular file except those two is included.
set -euo pipefail

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
if [[ $# -ne 3 ]]; then
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi

dir="$1"; order_id="$2"; customer="$3"
[[ -d "$dir" ]] || { echo "error: '$dir' is not a directory" >&2; exit 2; }
[[ "$order_id" =~ ^NWO-[0-9]{4}-[0-9]{5}$ ]] || {
  echo "error: order id must look like NWO-2025-00123" >&2; exit 2; }

cd "$dir"
mapfile -t files < <(find . -type f ! -name checksums.sha256 ! -name manifest.json \
  | sed 's|^\./||' | LC_ALL=C sort)
[[ ${#files[@]} -gt 0 ]] || { echo "error: delivery folder is empty" >&2; exit 2; }

sha256sum -- "${files[@]}" > checksums.sha256

{
  printf '{\n'
  printf '  "order_id": "%s",\n' "$order_id"
  printf '  "customer": "%s",\n' "$customer"
  printf '  "created_utc": "%s",\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '  "files": [\n'
  last=$(( ${#files[@]} - 1 ))
  for i in "${!files[@]}"; do
    f="${files[$i]}"
    size=$(stat -c %s -- "$f")
    sum=$(sha256sum -- "$f" | cut -d' ' -f1)
    sep=","; [[ $i -eq $last ]] && sep=""
    printf '    {"path": "%s", "bytes": %s, "sha256": "%s"}%s\n' "$f" "$size" "$sum" "$sep"
  done
  printf '  ]\n}\n'
} > manifest.json

echo "wrote $(pwd)/manifest.json (${#files[@]} files)"
