"""The cache folder: cold and warm ``build`` and ``validate``, side by side in one run.

For each library size N (real-bodied, see make_library.py), each command a separate process
(start-up counts), min/median/max over --repeats runs:

- ``build cold``: ``skill-catalog build LIB -o NEW --cache-dir EMPTY`` (no previous site, an
  empty cache folder: a CI run with nothing restored; it fills the cache);
- ``build no-cache``: the same with ``--no-cache`` (what the cache's writing costs);
- ``build warm``: one skill changed, then ``build LIB -o NEW --cache-dir WARM`` into a new
  output folder (a pull request's CI run with the default branch's cache restored);
- ``validate cold`` / ``validate warm``: ``validate LIB -f json`` with an empty cache folder,
  and with a warm one after one skill changed;
- ``load warm`` / ``load cold``: ``skill_catalog.load`` alone in a process (start-up
  included), warm and cold: what is left of a warm build once the skills come from the cache
  is the site's writing (the pages), which this shows.

It checks that the warm and cold sites are byte-identical (the same library state built both
ways) and that the reports are identical, then prints the ratios warm/cold.

Run: python -m benchmarks.cache_speed --sizes 2000 --repeats 3 [--work /dev/shm/cache-bench]
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import REPO
from benchmarks.make_library import make_library

OUT = REPO / "benchmarks" / "out"
LOAD = """
import sys, time
from pathlib import Path
import skill_catalog
from skill_catalog.pipeline.cache_folder import CacheFolder
from skill_catalog.pipeline.skill_cache import SkillCache
cache = SkillCache(folder=CacheFolder(Path(sys.argv[2]))) if sys.argv[2] != "-" else None
catalog = skill_catalog.load([sys.argv[1]], cache=cache, workers=None)
print(len(catalog.skills), cache.hits if cache else 0)
"""


def run(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(args)} failed ({done.returncode}): {done.stderr[-2000:]}")
    return took


def show(label: str, times: list[float]) -> float:
    median = statistics.median(times)
    print(f"  {label:<22} min {min(times):7.2f}s  median {median:7.2f}s  max {max(times):7.2f}s",
          flush=True)
    return median


def touch_skill(library: Path, index: int) -> None:
    """Change one skill (a line added to the body of the ``index``-th one)."""
    skill_md = sorted(library.glob("*/SKILL.md"))[index]
    with skill_md.open("a", encoding="utf-8") as handle:
        handle.write(f"\nChanged for the cache benchmark ({index}).\n")


def same_tree(a: Path, b: Path) -> bool:
    compared = filecmp.dircmp(a, b)
    if compared.left_only or compared.right_only or compared.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, compared.common_files, shallow=False)
    return not mismatch and not errors and all(
        same_tree(a / sub, b / sub) for sub in compared.common_dirs)


def bench(size: int, repeats: int, work: Path) -> dict[str, float]:
    source = make_library(size, OUT / f"lib-{size}")
    base = work / f"cache-{size}"
    if base.exists():
        shutil.rmtree(base)
    base.mkdir(parents=True)
    library = base / "skills"
    shutil.copytree(source, library, symlinks=True)
    cli = [sys.executable, "-m", "skill_catalog"]
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    env.pop("SKILL_CATALOG_CACHE_DIR", None)
    times: dict[str, list[float]] = {k: [] for k in (
        "build cold", "build no-cache", "build warm", "validate cold", "validate warm",
        "load cold", "load warm")}
    print(f"{size} skills, {repeats} repeats", flush=True)
    warm = base / "warm-cache"
    for i in range(repeats):
        cold_cache = base / f"cold-cache-{i}"
        times["build cold"].append(run(
            [*cli, "build", "-q", str(library), "-o", str(base / f"cold-{i}"),
             "--cache-dir", str(cold_cache)], env))
        times["build no-cache"].append(run(
            [*cli, "build", "-q", str(library), "-o", str(base / f"nocache-{i}"),
             "--no-cache"], env))
        if i == 0:
            shutil.copytree(cold_cache, warm, symlinks=True)
        shutil.rmtree(cold_cache)
        times["load cold"].append(run(
            [sys.executable, "-c", LOAD, str(library), str(base / f"load-cache-{i}")], env))
        shutil.rmtree(base / f"load-cache-{i}")
        times["validate cold"].append(run(
            [*cli, "validate", "-f", "json", str(library), "--cache-dir",
             str(base / f"vcache-{i}")], env))
        shutil.rmtree(base / f"vcache-{i}")
        touch_skill(library, i)  # one skill changed: the pull request
        out = base / f"warm-{i}"
        times["build warm"].append(run(
            [*cli, "build", "-q", str(library), "-o", str(out), "--cache-dir", str(warm)], env))
        times["load warm"].append(run(
            [sys.executable, "-c", LOAD, str(library), str(warm)], env))
        touch_skill(library, repeats + i)
        times["validate warm"].append(run(
            [*cli, "validate", "-f", "json", str(library), "--cache-dir", str(warm)], env))
        for old in (base / f"cold-{i}", base / f"nocache-{i}"):
            shutil.rmtree(old)
        if i < repeats - 1:
            shutil.rmtree(out)
    # the same library state, cold and warm: the same bytes
    last = base / f"warm-{repeats - 1}"
    run([*cli, "build", "-q", str(library), "-o", str(base / "check-warm"), "--cache-dir",
         str(warm)], env)
    run([*cli, "build", "-q", str(library), "-o", str(base / "check-cold"), "--no-cache"], env)
    identical = same_tree(base / "check-warm", base / "check-cold")
    reports = [subprocess.run([*cli, "validate", "-f", "json", str(library), *flags], env=env,
                              capture_output=True, check=False).stdout
               for flags in (["--cache-dir", str(warm)], ["--no-cache"])]
    medians = {label: show(label, values) for label, values in times.items()}
    print(f"  warm build / cold build      {medians['build warm'] / medians['build cold']:6.1%}")
    print(f"  warm build / no-cache build  "
          f"{medians['build warm'] / medians['build no-cache']:6.1%}")
    print(f"  cold with cache / no-cache   "
          f"{medians['build cold'] / medians['build no-cache']:6.1%}")
    print(f"  warm validate / cold         "
          f"{medians['validate warm'] / medians['validate cold']:6.1%}")
    print(f"  warm load / cold load        {medians['load warm'] / medians['load cold']:6.1%}")
    print(f"  warm build less warm load    {medians['build warm'] - medians['load warm']:6.2f}s"
          " (writing the site)")
    print(f"  sites identical (warm, cold): {identical}; reports identical: "
          f"{reports[0] == reports[1]}")
    size_bytes = sum(p.stat().st_size for p in warm.rglob("*") if p.is_file())
    print(f"  cache folder: {sum(1 for _ in warm.glob('??/*'))} entries, "
          f"{size_bytes / 1e6:.1f} MB", flush=True)
    shutil.rmtree(last, ignore_errors=True)
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--work", type=Path, default=OUT)
    args = parser.parse_args()
    for size in args.sizes:
        bench(size, args.repeats, args.work)


if __name__ == "__main__":
    main()
