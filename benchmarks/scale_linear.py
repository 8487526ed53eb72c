"""Whether a build's time and memory grow linearly with the library: one ``skill-catalog build``
of each size into a new folder, measured (not extrapolated).

For each N (real-bodied libraries, see make_library.py) one process builds the site from
scratch, with its workers; printed: wall and CPU seconds, the peak of all its processes' summed
PSS, the site's bytes and files, and each per skill, so that sizes compare at a glance (a
linear build keeps the per-skill columns flat).

Run: python -m benchmarks.scale_linear --sizes 10000 50000 [--work /dev/shm/scale]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import REPO, TreePeak, site_size
from benchmarks.make_library import make_library

OUT = REPO / "benchmarks" / "out"


def build_once(library: Path, site: Path) -> dict[str, float]:
    """One build of ``library`` into the new folder ``site``: wall, CPU (children), peak PSS."""
    if site.exists():
        shutil.rmtree(site)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "skill-catalog"), "build", str(library), "-o",
         str(site), "--no-cache"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = TreePeak(process.pid)
    process.wait()
    wall = time.perf_counter() - start
    peak_mb = peak.stop()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"status": process.returncode, "wall": wall, "cpu": cpu, "pss": peak_mb}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000, 50000])
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/skill-catalog-scale")
                        if os.path.isdir("/dev/shm") else OUT / "scale")
    args = parser.parse_args()
    print(f"{'N':>7} {'wall s':>8} {'CPU s':>8} {'PSS MB':>8} {'site MB':>8} {'files':>8}"
          f" {'ms/skill':>9} {'KB PSS/skill':>13}")
    for size in args.sizes:
        library = make_library(size, OUT / f"lib-{size}")
        figures = build_once(library, args.work / f"site-{size}")
        site_bytes, site_files = site_size(args.work / f"site-{size}")
        print(f"{size:>7} {figures['wall']:>8.1f} {figures['cpu']:>8.1f} {figures['pss']:>8.0f}"
              f" {site_bytes / 1e6:>8.0f} {site_files:>8} {figures['wall'] * 1000 / size:>9.2f}"
              f" {figures['pss'] * 1024 / size:>13.1f}"
              + ("" if figures["status"] in (0, 1) else f"  (exit {figures['status']:.0f})"),
              flush=True)
        shutil.rmtree(args.work / f"site-{size}", ignore_errors=True)


if __name__ == "__main__":
    main()
