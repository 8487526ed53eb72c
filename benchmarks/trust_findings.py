"""Every trust hit of a library, written as JSON, to show that a change to the scanning engine
(``trust/prefilter.py``, the driver in ``trust/scan.py``) finds exactly what it found before.

Run on each side (the same library), then compare:

    python -m benchmarks.trust_findings LIB... --out before.json     # on the old commit
    python -m benchmarks.trust_findings LIB... --out after.json      # on the new one
    python -m benchmarks.trust_findings --compare before.json after.json

``--hostile`` adds the hostile library (``tests/hostile_library.py``, small: without the
20 MB body); ``--full`` also runs the scan that reads every line with every check (the
reference, no prefilter) and counts the skills where it differs. Each hit is (code, path in
the library, line, column, message), per skill, in the scan's order; the validator's JSON
(``validate --format json``) adds nothing the scan does not decide.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def findings(roots: list[Path], full: bool = False) -> tuple[dict[str, Any], float, int]:
    """Per skill (its folder relative to its root, prefixed by the root's index), the hits of
    one scan in order; the CPU seconds the scans took; skills where the full scan differs."""
    import skill_catalog
    from skill_catalog.trust import scan

    out: dict[str, Any] = {}
    spent = 0.0
    differing = 0
    for index, root in enumerate(roots):
        catalog = skill_catalog.load([root], workers=1)
        for skill in catalog.skills:
            started = time.process_time()
            hits = scan.scan(skill)
            spent += time.process_time() - started
            key = f"{index}:{skill.dir.relative_to(root).as_posix()}"
            out[key] = [[h.code, _rel(h.file, root), h.line, h.column, h.message] for h in hits]
            if full:
                reference = scan.scan(skill, prefilter=False)
                if sorted(map(repr, reference)) != sorted(map(repr, hits)):
                    differing += 1
                    print("  the full scan differs:", key)
    return out, spent, differing


def _rel(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def compare(before: Path, after: Path) -> int:
    """0 when both files hold the same hits, skill for skill and in the same order."""
    old = json.loads(before.read_text(encoding="utf-8"))
    new = json.loads(after.read_text(encoding="utf-8"))
    differ = sorted(key for key in old.keys() | new.keys() if old.get(key) != new.get(key))
    hits = sum(map(len, old.values()))
    print(f"{len(old)} and {len(new)} skills, {hits} and {sum(map(len, new.values()))} hits; "
          f"skills whose hits differ: {len(differ)}")
    for key in differ[:20]:
        print("  differs:", key)
        for hit in old.get(key, []):
            if hit not in new.get(key, []):
                print("    before only:", hit[:4], hit[4][:120])
        for hit in new.get(key, []):
            if hit not in old.get(key, []):
                print("    after only:", hit[:4], hit[4][:120])
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--hostile", action="store_true")
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    with tempfile.TemporaryDirectory() as tmp:
        roots = [root.resolve() for root in args.roots]
        if args.hostile:
            sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
            from tests.hostile_library import make_hostile_library

            roots.append(make_hostile_library(Path(tmp) / "h", big=False))
        found, spent, differing = findings(roots, args.full)
    hits = sum(map(len, found.values()))
    print(f"{len(found)} skills, {hits} hits, scan {spent:.2f} s CPU"
          + (f"; skills where the full scan differs: {differing}" if args.full else ""))
    if args.out:
        args.out.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
