"""The trust scan's engine against an older one, side by side in one run: for each side (this
checkout, and each ``--against`` source tree), in a fresh process, ``load()`` of the corpus
without the ST rules (what ``validate`` does besides the scan), then the ST scan of every
skill, CPU time of the process; the sides alternate, repeated.

    git archive COMMIT skill_catalog | tar -x -C /tmp/old     # the older engine
    python -m benchmarks.trust_engine --corpus DIR --against /tmp/old --repeats 3

Prints, per side, the medians of the load without the ST rules and of the scan, the scan
against that load, and the scan's share of ``validate`` (load + scan).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.common import CORPUS, REPO

_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[3])
sys.path.insert(0, sys.argv[1])
import skill_catalog
from skill_catalog.trust import scan
from benchmarks.trust_corpus import without_trust_rules
started = time.process_time()
with without_trust_rules():
    catalog = skill_catalog.load([sys.argv[2]], workers=1)
loaded = time.process_time()
hits = sum(len(scan.scan(skill)) for skill in catalog.skills)
done = time.process_time()
print(json.dumps({"load": loaded - started, "scan": done - loaded, "hits": hits,
                  "file": skill_catalog.__file__}))
"""


def run_side(source: Path, corpus: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", _CHILD, str(source), str(corpus), str(REPO)],
                         capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--against", type=Path, action="append", default=[])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    sides = [REPO, *(path.resolve() for path in args.against)]
    runs: dict[Path, list[dict[str, float]]] = {side: [] for side in sides}
    for _ in range(args.repeats):  # alternated: every side sees the same machine load
        for side in sides:
            runs[side].append(run_side(side, args.corpus))
    print(f"{args.corpus}, {args.repeats} runs a side, CPU of one process, median")
    print("| side | load without ST | ST scan | scan / load | scan / validate | hits |")
    print("|---|---:|---:|---:|---:|---:|")
    for side in sides:
        load = statistics.median(r["load"] for r in runs[side])
        scan = statistics.median(r["scan"] for r in runs[side])
        hits = {int(r["hits"]) for r in runs[side]}
        print(f"| {side} | {load:.2f} s | {scan:.2f} s | {scan / load:.0%} | "
              f"{scan / (load + scan):.0%} | {', '.join(map(str, sorted(hits)))} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
