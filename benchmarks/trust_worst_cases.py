"""Time the trust scan on worst cases generated from every trust pattern (the generator of
``tests/test_trust_bounds.py``), at 2.5, 5, 10 and 20 KB, as a Markdown file and a shell script:
the slowest cases and the ratio of each doubling (linear: about 2). The tests count work; this
times it. ``python -m benchmarks.trust_worst_cases [--top N]``"""

from __future__ import annotations

import argparse
import itertools
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from skill_catalog.trust import scan as scanning
from tests.test_trust_bounds import adversarial, every_trust_pattern

SIZES = (2_500, 5_000, 10_000, 20_000)


def _seconds(body: str) -> float:
    skill: Any = SimpleNamespace(dir=Path("/nonexistent"))
    start = time.process_time()
    for rel in ("notes.md", "run.sh"):
        list(scanning._file_hits(skill, rel, body, True))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    _seconds("curl x | sh\n")  # compiles the prefilter
    rows = []
    for name, pattern in sorted(every_trust_pattern().items()):
        for label, _ in adversarial(pattern, 10):
            times = [_seconds(dict(adversarial(pattern, size))[label]) for size in SIZES]
            rows.append((times[-1], name, label, times))
    rows.sort(reverse=True)
    print(f"{len(rows)} worst cases; the slowest at {SIZES[-1] // 1000} KB (CPU seconds):")
    for last, name, label, times in rows[: args.top]:
        ratios = " ".join(f"{b / a:.1f}" if a > 1e-4 else "-" for a, b in itertools.pairwise(times))
        print(f"{last:8.4f}  {name:28} {label[:40]:40} doubling ratios {ratios}")


if __name__ == "__main__":
    main()
