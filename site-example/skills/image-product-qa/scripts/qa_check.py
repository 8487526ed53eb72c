#!/usr/bin/env python3
"""Check an image product's QA metadata against Northwind Orbital thresholds.

Usage:
    qa_check.py PRODUCT.json [--customer-grade premium|standard]

Exit status: 0 = PASS, 1 = REVIEW (needs a human), 2 = REJECT.
"""
import argparse
import json
import sys

THRESHOLDS = {
    "standard": {"cloud_cover_pct": 40.0, "geolocation_rmse_m": 15.0,
                 "saturated_pct": 2.0, "dead_pixels": 50, "snr_db": 35.0},
    "premium": {"cloud_cover_pct": 20.0, "geolocation_rmse_m": 8.0,
                "saturated_pct": 1.0, "dead_pixels": 10, "snr_db": 38.0},
}


def check(product: dict, grade: str) -> list:
    t = THRESHOLDS[grade]
    findings = []
    if product["cloud_cover_pct"] > t["cloud_cover_pct"]:
        findings.append(("REVIEW", f"cloud cover {product['cloud_cover_pct']} % > {t['cloud_cover_pct']} %"))
    if product["geolocation_rmse_m"] > t["geolocation_rmse_m"]:
        findings.append(("REJECT", f"geolocation RMSE {product['geolocation_rmse_m']} m > {t['geolocation_rmse_m']} m"))
    for band in product["bands"]:
        name = band["name"]
        if band["saturated_pct"] > t["saturated_pct"]:
            findings.append(("REVIEW", f"{name}: {band['saturated_pct']} % saturated > {t['saturated_pct']} %"))
        if band["dead_pixels"] > t["dead_pixels"]:
            findings.append(("REVIEW", f"{name}: {band['dead_pixels']} dead pixels > {t['dead_pixels']}"))
        if band["snr_db"] < t["snr_db"]:
            findings.append(("REJECT", f"{name}: SNR {band['snr_db']} dB < {t['snr_db']} dB"))
    return findings


def main() -> int:
    parser = argparse.ArgumentParser(description="Image product QA gate")
    parser.add_argument("product", help="product metadata JSON")
    parser.add_argument("--customer-grade", choices=sorted(THRESHOLDS), default="standard")
    args = parser.parse_args()

    with open(args.product, encoding="utf-8") as fh:
        product = json.load(fh)
    findings = check(product, args.customer_grade)
    for level, message in findings:
        print(f"{level:6} {message}")
    levels = {level for level, _ in findings}
    verdict = "REJECT" if "REJECT" in levels else "REVIEW" if "REVIEW" in levels else "PASS"
    print(f"{product['product_id']}: {verdict} ({args.customer_grade})")
    return {"PASS": 0, "REVIEW": 1, "REJECT": 2}[verdict]


if __name__ == "__main__":
    sys.exit(main())
