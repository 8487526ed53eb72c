"""A reload's load, side by side: what ``serve``'s build process and ``skill-catalog mcp`` pay
after one SKILL.md is edited, on a real-bodied library of N skills (make_library.py).

Three loads after the same edit, each in this process with its processor time measured
(wall time on a shared machine says more about the other jobs than about the code):

- ``full, no cache``: ``load()`` from scratch, as ``validate`` makes it;
- ``full, warm cache``: ``load()`` with a skill cache holding every skill (the whole library
  walked, each unchanged skill restored from the cache): every reload before the watcher's
  list of changed paths was trusted;
- ``watched``: ``load()`` with the same cache following a
  :class:`~skill_catalog.pipeline.watched.Watched` told the edited path (only that skill's
  folder walked and checked again).

Prints min / median / max of each over the repeats and the ratio of the medians.

Run: python -m benchmarks.watched_load --size 2000 --repeats 7
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from benchmarks.build_speed import OUT
from benchmarks.make_library import make_library


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    from skill_catalog.api import load
    from skill_catalog.pipeline.skill_cache import SkillCache
    from skill_catalog.pipeline.watched import Watched

    library = make_library(args.size, OUT / f"lib-{args.size}")
    target = sorted(library.iterdir())[args.size // 2] / "SKILL.md"
    original = target.read_bytes()
    warm, followed = SkillCache(), SkillCache()
    followed.follow = watched = Watched()
    load([library], cache=warm, workers=None)
    load([library], cache=followed, workers=None)

    def cpu(call: Callable[[], object]) -> float:
        started = time.process_time()
        call()
        return time.process_time() - started

    times: dict[str, list[float]] = {"full, no cache": [], "full, warm cache": [],
                                     "watched": []}
    try:
        for repeat in range(args.repeats):
            with target.open("ab") as handle:
                handle.write(f"\nEdit {repeat}.\n".encode())
            watched.changed([target])
            times["watched"].append(cpu(lambda: load([library], cache=followed)))
            assert watched.last == "changed", watched.last
            times["full, warm cache"].append(cpu(lambda: load([library], cache=warm)))
            times["full, no cache"].append(cpu(lambda: load([library])))
    finally:
        target.write_bytes(original)
    base = statistics.median(times["watched"])
    print(f"load after one edit, {args.size} skills, processor time ({args.repeats} edits)")
    for label, values in times.items():
        median = statistics.median(values)
        print(f"  {label:18} min {min(values):6.3f} s  median {median:6.3f} s  "
              f"max {max(values):6.3f} s  ({median / base:5.1f}x watched)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
