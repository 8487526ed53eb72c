#!/usr/bin/env python3
"""Apply the Level-1 QA thresholds to a product sidecar (JSON).

Usage:
    check_product.py SIDECAR.json [--quiet]

Exit status: 0 PASS, 1 REVIEW, 2 FAIL, 3 unreadable sidecar.
"""
import argparse
import json
import sys

REQUIRED_BANDS = {"blue", "green", "red", "nir"}

# field: (pass if value <= a, review if value <= b, else fail); higher is worse
UPPER = {
    "cloud_pct": (20.0, 40.0),
    "ce90_m": (10.0, 15.0),
    "saturated_pct": (0.5, 2.0),
}
VERDICTS = ["PASS", "REVIEW", "FAIL"]


def grade(sidecar: dict) -> list:
    results = []
    for field, (ok, review) in UPPER.items():
        value = float(sidecar.get(field, float("inf")))
        level = 0 if value <= ok else 1 if value <= review else 2
        results.append((field, value, level))
    sun = float(sidecar.get("sun_el_deg", -90))
    results.append(("sun_el_deg", sun, 0 if sun >= 15 else 1 if sun >= 10 else 2))
    missing = REQUIRED_BANDS - set(sidecar.get("bands", []))
    results.append(("bands", ",".join(sorted(missing)) or "all", 2 if missing else 0))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sidecar")
    parser.add_argument("--quiet", action="store_true", help="print only the verdict")
    args = parser.parse_args()
    try:
        with open(args.sidecar, encoding="utf-8") as fh:
            sidecar = json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"error: cannot read {args.sidecar}: {exc}", file=sys.stderr)
        return 3
    results = grade(sidecar)
    worst = max(level for _, _, level in results)
    if not args.quiet:
        for field, value, level in results:
            print(f"{field:<14} {value!s:>10}  {VERDICTS[level]}")
    print(f"{sidecar.get('product_id', '?')}: {VERDICTS[worst]}")
    return worst


if __name__ == "__main__":
    sys.exit(main())
