"""Helpers shared by the benchmark scripts: repeats, min/median/max, ratios, and serving a
folder to headless Chromium."""

from __future__ import annotations

import os
import re
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
"""How the benchmarks start Chromium (Debian's, through Playwright)."""


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


def site_size(site: Path) -> tuple[int, int]:
    """Bytes and files below ``site``, each hard link counted as a file of its own (as
    ``actions/upload-pages-artifact`` packs a site)."""
    size = files = 0
    for folder, _dirs, names in os.walk(site):
        for name in names:
            size += os.lstat(os.path.join(folder, name)).st_size
            files += 1
    return size, files


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as handle:
                found += [int(child) for child in handle.read().split()]
    except OSError:
        pass
    return found


_PSS = re.compile(r"^Pss:\s+(\d+) kB", re.MULTILINE)


def tree_pss(pid: int) -> int:
    """The proportional set size (kB) of ``pid`` and every process below it, summed: pages a
    forked worker shares with its parent count once between them (Linux only; 0 elsewhere)."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/smaps_rollup", encoding="ascii") as handle:
                match = _PSS.search(handle.read())
        except OSError:
            continue
        if match:
            total += int(match.group(1))
        todo += _children(current)
    return total


class TreePeak:
    """The peak of :func:`tree_pss` for a process, sampled from a thread every ``interval``
    seconds while it runs (memory across all its processes, workers included)."""

    def __init__(self, pid: int, interval: float = 0.1) -> None:
        self.pid, self.interval, self.peak_kb = pid, interval, 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._done.is_set():
            self.peak_kb = max(self.peak_kb, tree_pss(self.pid))
            self._done.wait(self.interval)

    def stop(self) -> float:
        """Stop sampling; the peak in MB."""
        self._done.set()
        self._thread.join()
        return self.peak_kb / 1024
