"""Timing helpers shared by the benchmark scripts: repeats, min/median/max, ratios."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"


def measure(label: str, run: Callable[[], object], repeats: int) -> list[float]:
    """Run ``run`` ``repeats`` times; print and return the wall times in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    print(f"{label:<44} min {min(times):8.3f}s  median {statistics.median(times):8.3f}s  "
          f"max {max(times):8.3f}s")
    return times


def ratio(label: str, ours: list[float], theirs: list[float]) -> float:
    value = statistics.median(theirs) / statistics.median(ours)
    print(f"{label:<44} {value:6.2f}x (median over median)")
    return value
