#!/usr/bin/env python3
"""Rank conjunction data messages (CSV) and assign an action to each.

Usage:
    screen_cdms.py CDMS.csv [--min-pc PC] [--json]

Columns: cdm_id, sat, object, object_name, tca, miss_m, radial_m, pc
Exit status: 0 nothing to do, 1 at least one MANOEUVRE row, 2 bad input.
"""
import argparse
import csv
import json
import sys

PC_MANOEUVRE = 1e-4
PC_WATCH = 1e-6
RADIAL_LIMIT_M = 200.0


def action(row: dict) -> str:
    pc = float(row["pc"])
    if pc >= PC_MANOEUVRE or float(row["radial_m"]) < RADIAL_LIMIT_M:
        return "MANOEUVRE"
    if pc >= PC_WATCH:
        return "WATCH"
    return "LOG"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv_file")
    parser.add_argument("--min-pc", type=float, default=0.0, help="hide rows below this Pc")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    try:
        with open(args.csv_file, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        for row in rows:
            row["action"] = action(row)
    except (OSError, KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rows = [r for r in rows if float(r["pc"]) >= args.min_pc]
    rows.sort(key=lambda r: float(r["pc"]), reverse=True)
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        print(f"{'CDM':<16} {'SAT':<7} {'OBJECT':<18} {'TCA':<21} {'MISS_M':>7} {'PC':>9}  ACTION")
        for r in rows:
            print(f"{r['cdm_id']:<16} {r['sat']:<7} {r['object_name'][:18]:<18} {r['tca']:<21} "
                  f"{float(r['miss_m']):>7.0f} {float(r['pc']):>9.1e}  {r['action']}")
    return 1 if any(r["action"] == "MANOEUVRE" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
