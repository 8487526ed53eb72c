"""Trust signals on a real library: the share of skills flagged, per rule, and what the ST
rules add to ``validate``'s load (with and without them, in one run).

Run: python -m benchmarks.trust_corpus [--repeats 3] [--corpus DIR] [--show ST020,ST024]
``--show`` prints every finding of those rules, to look at the reasons by hand.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.common import CORPUS, measure


@contextlib.contextmanager
def without_trust_rules() -> Iterator[None]:
    """The registry's rule order without the ST rules (what validate ran before them)."""
    from skill_catalog.codes import registry
    from skill_catalog.validate import rules  # noqa: F401  (every rule registered)

    saved = list(registry._ordered())
    registry._ORDER[:] = [r for r in saved if not r.code.startswith("ST")]
    kept = {code: rule for code, rule in registry.RULES.items() if code.startswith("ST")}
    for code in kept:
        del registry.RULES[code]
    try:
        yield
    finally:
        registry.RULES.update(kept)
        registry._ORDER[:] = saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--show", default="")
    parser.add_argument("--no-timing", action="store_true")
    args = parser.parse_args()
    import skill_catalog
    from skill_catalog.trust import trust_status

    catalog = skill_catalog.load([args.corpus], workers=1)
    skills = catalog.skills
    statuses = collections.Counter(trust_status(s.diagnostics) for s in skills)
    per_rule: dict[str, set[str]] = collections.defaultdict(set)
    findings = collections.Counter[str]()
    for skill in skills:
        for d in skill.trust_findings:
            per_rule[d.code].add(str(skill.dir))
            findings[d.code] += 1
    total = len(skills)
    flagged = statuses["warning"] + statuses["danger"]
    print(f"{total} skills under {args.corpus}")
    print(f"flagged (warning or danger): {flagged} ({flagged / total:.1%}); "
          + ", ".join(f"{k} {statuses[k]}" for k in ("danger", "warning", "notice", "clean")))
    print("| rule | findings | skills | share of skills |")
    print("|---|---|---|---|")
    for code in sorted(per_rule):
        print(f"| {code} | {findings[code]} | {len(per_rule[code])} | "
              f"{len(per_rule[code]) / total:.1%} |")
    for skill in skills:
        for d in skill.trust_findings:
            if d.code in args.show.split(","):
                print(d.code, d.file, d.line, d.message[:240])
    if args.no_timing:
        return 0

    def with_trust() -> None:
        skill_catalog.load([args.corpus], workers=1)

    def without() -> None:
        with without_trust_rules():
            skill_catalog.load([args.corpus], workers=1)

    times_with: list[float] = []
    times_without: list[float] = []
    for _ in range(args.repeats):  # alternated, so that both see the same machine load
        times_without += measure("validate's load without the ST rules", without, 1)
        times_with += measure("validate's load with the ST rules", with_trust, 1)
    added = min(times_with) / min(times_without) - 1
    print(f"the ST rules add {added:.0%} (min {min(times_with):.3f} s with, "
          f"{min(times_without):.3f} s without, one process)")
    return compare_prefilter(skills)


def compare_prefilter(skills: list[Any]) -> int:
    """The scan with the RE2 prefilter against the scan that reads every line with every
    check: the time of each (CPU of this process) and whether they find the same."""
    from skill_catalog.trust import prefilter, scan

    print(f"prefilter engine: {prefilter.ENGINE or 'none (every line is read)'}")
    started = time.process_time()
    fast = [sorted(map(repr, scan.scan(skill))) for skill in skills]
    middle = time.process_time()
    full = [sorted(map(repr, scan.scan(skill, prefilter=False))) for skill in skills]
    end = time.process_time()
    differing = [str(skill.dir) for skill, a, b in zip(skills, fast, full, strict=True)
                 if a != b]
    print(f"scan with the prefilter {middle - started:.2f} s CPU, reading every line "
          f"{end - middle:.2f} s ({(end - middle) / (middle - started):.1f}x); "
          f"skills whose findings differ: {len(differing)}")
    for folder in differing:
        print("  differs:", folder)
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
