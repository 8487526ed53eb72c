#!/usr/bin/env python3
"""Report command-authentication keys that are due or overdue for rotation.

Usage:
    check_key_age.py INVENTORY.json [--today YYYY-MM-DD] [--warn-days N]

The inventory is a JSON list of objects with at least:
    key_id, sat_id, purpose, created (YYYY-MM-DD), max_age_days
Exit status is 1 if any key is overdue, otherwise 0.
"""
import argparse
import json
import sys
from datetime import date


def classify(key: dict, today: date, warn_days: int) -> tuple:
    age = (today - date.fromisoformat(key["created"])).days
    remaining = key["max_age_days"] - age
    if key.get("revoked"):
        return "REVOKED", age, remaining
    if remaining < 0:
        return "OVERDUE", age, remaining
    if remaining <= warn_days:
        return "DUE-SOON", age, remaining
    return "OK", age, remaining


def main() -> int:
    parser = argparse.ArgumentParser(description="Check key ages against policy")
    parser.add_argument("inventory")
    parser.add_argument("--today", type=date.fromisoformat, default=date.today())
    parser.add_argument("--warn-days", type=int, default=14)
    args = parser.parse_args()

    with open(args.inventory, encoding="utf-8") as fh:
        keys = json.load(fh)

    overdue = 0
    print(f"{'KEY':14} {'SAT':7} {'PURPOSE':10} {'AGE':>5} {'LEFT':>5}  STATUS")
    for key in sorted(keys, key=lambda k: (k["sat_id"], k["key_id"])):
        status, age, left = classify(key, args.today, args.warn_days)
        overdue += status == "OVERDUE"
        print(f"{key['key_id']:14} {key['sat_id']:7} {key['purpose']:10} {age:5d} {left:5d}  {status}")
    print(f"# {overdue} overdue key(s) as of {args.today}", file=sys.stderr)
    return 1 if overdue else 0


if __name__ == "__main__":
    sys.exit(main())
