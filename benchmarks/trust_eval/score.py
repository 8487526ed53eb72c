"""Score the trust scan on a labelled set, through the CLI only.

    python benchmarks/trust_eval/score.py [SET_DIR] [--cli PATH] [--json OUT]

SET_DIR defaults to set1; a bare set name (`set2`) is looked up beside this script.

Runs `skill-catalog validate SET_DIR --format json`, then per category and overall:
risky skills found (any trust finding, a code starting with ST, of severity warning or
above: the CLI reports danger findings as `error`) and harmless skills flagged the same
way; then the misses and the false alarms. Always exits 0.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FLAG_SEVERITIES = {"warning", "error", "danger"}


def find_cli(given):
    if given:
        return given
    local = Path(sys.executable).parent / "skill-catalog"
    if local.exists():
        return str(local)
    return shutil.which("skill-catalog") or "skill-catalog"


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dir", nargs="?", default=str(HERE / "set1"),
                    help="labelled set folder, or a set name beside this script (set1, set2)")
    ap.add_argument("--cli",
                    help="skill-catalog executable (default: beside this Python, else PATH)")
    ap.add_argument("--json", help="also write the per-skill results to this file")
    a = ap.parse_args(argv)
    set_dir = Path(a.set_dir)
    if not set_dir.exists() and (HERE / a.set_dir).is_dir():
        set_dir = HERE / a.set_dir
    labels = json.loads((set_dir / "labels.json").read_text(encoding="utf-8"))
    cmd = [find_cli(a.cli), "validate", str(set_dir), "--format", "json"]
    proc = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        print("could not read the CLI's JSON (exit", proc.returncode, ")")
        print(proc.stderr[-2000:])
        return 0
    seen = {}
    for sk in report.get("skills", []):
        folder = Path(sk["path"]).name
        diags = sk.get("diagnostics", [])
        st = [d for d in diags if str(d.get("code", "")).startswith("ST")]
        flagged = [d for d in st if d.get("severity") in FLAG_SEVERITIES]
        other_errors = [d["code"] for d in diags
                        if d.get("severity") == "error" and d not in st]
        seen[folder] = {"flagged": bool(flagged),
                        "codes": sorted({f"{d['code']}:{d['severity']}" for d in flagged}),
                        "notices": sorted({d["code"] for d in st
                                           if d.get("severity") not in FLAG_SEVERITIES}),
                        "trust": sk.get("trust"), "other_errors": other_errors}
    rows = {}
    misses, false_alarms, missing = [], [], []
    for folder, lab in sorted(labels.items()):
        r = rows.setdefault(lab["category"],
                            {"risky": 0, "found": 0, "harmless": 0, "flagged": 0})
        res = seen.get(folder)
        if res is None:
            missing.append(folder)
            res = {"flagged": False, "codes": [], "notices": [], "trust": None, "other_errors": []}
        if lab["label"] == "risky":
            r["risky"] += 1
            if res["flagged"]:
                r["found"] += 1
            else:
                misses.append((folder, lab, res))
        else:
            r["harmless"] += 1
            if res["flagged"]:
                r["flagged"] += 1
                false_alarms.append((folder, lab, res))

    def pct(n, d):
        return f"{100 * n / d:5.1f}%" if d else "    -"

    def line(cat, r):
        print(f"{cat:26} {r['risky']:5} {r['found']:5} {pct(r['found'], r['risky']):>7} "
              f"{r['harmless']:6} {r['flagged']:7} {pct(r['flagged'], r['harmless']):>7}")

    head = (f"{'category':26} {'risky':>5} {'found':>5} {'found%':>7} "
            f"{'harml.':>6} {'flagged':>7} {'flag%':>7}")
    print(head)
    print("-" * len(head))
    tot = {"risky": 0, "found": 0, "harmless": 0, "flagged": 0}
    for cat, r in sorted(rows.items()):
        for k in tot:
            tot[k] += r[k]
        line(cat, r)
    print("-" * len(head))
    line("overall", tot)
    print()
    print(f"misses ({len(misses)}): risky skills with no ST finding at warning or above")
    for folder, lab, res in misses:
        note = f" [notices: {', '.join(res['notices'])}]" if res["notices"] else ""
        print(f"  {folder}  {lab['category']:24} {lab['why']}{note}")
    print()
    print(f"false alarms ({len(false_alarms)}): harmless skills flagged at warning or above")
    for folder, lab, res in false_alarms:
        print(f"  {folder}  {lab['category']:24} {lab['why']}  -> {', '.join(res['codes'])}")
    if missing:
        print()
        print(f"not in the CLI's report ({len(missing)}): {', '.join(missing)}")
    broken = [f for f, res in seen.items() if res["other_errors"]]
    if broken:
        print()
        print(f"skills with non-trust errors ({len(broken)}):")
        for f in sorted(broken):
            print(f"  {f}  {', '.join(sorted(set(seen[f]['other_errors'])))}")
    if a.json:
        out = {"rows": rows, "overall": tot, "skills": seen}
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    main()
    sys.exit(0)
