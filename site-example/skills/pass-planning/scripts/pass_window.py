#!/usr/bin/env python3
"""Filter predicted passes by station elevation mask and flag antenna conflicts.

Usage:
    pass_window.py PASSES.csv [--stations STATIONS.csv] [--min-minutes N] [--json]
"""
import argparse
import csv
import json
import sys
from datetime import datetime
from pathlib import Path

DEFAULT_STATIONS = Path(__file__).resolve().parent.parent / "assets" / "stations.csv"


def parse_time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def load_stations(path: Path) -> dict:
    with path.open(newline="", encoding="utf-8") as fh:
        return {row["code"]: row for row in csv.DictReader(fh)}


def load_passes(path: Path) -> list:
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        row["aos_dt"] = parse_time(row["aos"])
        row["los_dt"] = parse_time(row["los"])
        row["max_el"] = float(row["max_el"])
    return sorted(rows, key=lambda r: (r["station"], r["aos_dt"]))


def plan(passes: list, stations: dict, min_minutes: float) -> list:
    kept = []
    for p in passes:
        station = stations.get(p["station"])
        if station is None:
            p["status"] = "UNKNOWN STATION"
        elif p["max_el"] < float(station["min_elevation_deg"]):
            p["status"] = "BELOW MASK"
        elif (p["los_dt"] - p["aos_dt"]).total_seconds() / 60 < min_minutes:
            p["status"] = "TOO SHORT"
        else:
            p["status"] = "OK"
        kept.append(p)

    last_ok = {}
    for p in kept:
        if p["status"] != "OK":
            continue
        prev = last_ok.get(p["station"])
        if prev is not None and p["aos_dt"] < prev["los_dt"]:
            p["status"] = f"CONFLICT with {prev['sat']}"
        else:
            last_ok[p["station"]] = p
    return kept


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("passes", type=Path)
    parser.add_argument("--stations", type=Path, default=DEFAULT_STATIONS)
    parser.add_argument("--min-minutes", type=float, default=4.0)
    parser.add_argument("--json", action="store_true", help="emit JSON instead of a table")
    args = parser.parse_args()

    rows = plan(load_passes(args.passes), load_stations(args.stations), args.min_minutes)

    if args.json:
        out = [
            {k: (v.isoformat() if isinstance(v, datetime) else v)
             for k, v in r.items() if not k.endswith("_dt")}
            for r in rows
        ]
        json.dump(out, sys.stdout, indent=2)
        print()
    else:
        print(f"{'STATION':8} {'SAT':7} {'AOS (UTC)':17} {'LOS (UTC)':17} {'MAX_EL':>6}  STATUS")
        for r in rows:
            print(f"{r['station']:8} {r['sat']:7} {r['aos_dt']:%Y-%m-%d %H:%M}  "
                  f"{r['los_dt']:%Y-%m-%d %H:%M}  {r['max_el']:6.1f}  {r['status']}")
    ok = sum(1 for r in rows if r["status"] == "OK")
    conflicts = sum(1 for r in rows if r["status"].startswith("CONFLICT"))
    print(f"# {ok} passes scheduled, {conflicts} conflicts, {len(rows) - ok - conflicts} dropped",
          file=sys.stderr)
    return 1 if conflicts else 0


if __name__ == "__main__":
    sys.exit(main())
