"""Validation speed on the shared corpus: skill-catalog's load() vs skills-ref's own loop.

Run: python -m benchmarks.validate_corpus [--repeats 5]
Both run in this process over the same skill folders; skills-ref 0.1.1 is called the way its CLI
calls it (``validate(skill_dir)``, strictyaml), skill-catalog does discovery, parsing, every spec
and lint rule and the file inventory.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from benchmarks.common import CORPUS, measure, ratio


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args()
    from skills_ref.validator import validate as reference_validate

    import skill_catalog

    skill_dirs = sorted({p.parent for p in args.corpus.rglob("SKILL.md")})
    print(f"{len(skill_dirs)} skill folders under {args.corpus}")

    def ours() -> None:
        skill_catalog.load([args.corpus])

    def reference() -> None:
        for folder in skill_dirs:
            with contextlib.suppress(Exception):  # skills-ref crashes on non-UTF-8 input
                reference_validate(folder)

    ours_times = measure("skill-catalog load (all rules)", ours, args.repeats)
    ref_times = measure("skills-ref validate() loop", reference, args.repeats)
    ratio("skill-catalog is faster by", ours_times, ref_times)
    per_skill = min(ours_times) / len(skill_dirs) * 1000
    ref_per_skill = min(ref_times) / len(skill_dirs) * 1000
    print(f"per skill: skill-catalog {per_skill:.3f} ms, skills-ref {ref_per_skill:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
