"""What the outputs MkDocs does not make cost: a full build with and without them, in one run.

An experiment behind docs/performance.md's "Why the build is not 8x faster than MkDocs". For a
real-bodied library of N skills (make_library.py) it times, each as a separate process writing
a folder never used before, the variants interleaved so that they share the machine's noise:

- ``build``: ``skill-catalog build`` as it is;
- ``file_pages: false``: the same build with that configuration: no page for the files other
  than SKILL.md (the skill page links their raw copies);
- ``file_pages: false, no archives``: also without each skill's zip and well-known copies
  (``publish`` returns the record an invalid skill gets, by a no-op put in its place here),
  which leaves roughly what MkDocs writes (a page per skill) plus the catalog's own site-wide
  files and checks;
- ``mkdocs``: ``mkdocs build`` of the same bodies (as in build_speed.py);
- ``floor``: reading every file and rendering every body with cmark-gfm (as in
  build_speed.py).

The variant without archives is not a feature: it exists only here, to measure. For each
variant it also prints the size of the site as a host counts it (every hard link as a file of
its own, as ``actions/upload-pages-artifact`` packs it) and its number of files.

Run: python -m benchmarks.build_parts --size 2000 --repeats 3 [--work /dev/shm]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
from pathlib import Path
from typing import Any

from benchmarks.build_speed import FLOOR, OUT, compile_package, mkdocs_project, run
from benchmarks.make_library import make_library

VARIANTS = {
    "build": (),
    "file_pages: false": ("file-pages",),
    "file_pages: false, no archives": ("file-pages", "archives"),
}


def _without(parts: list[str]) -> None:
    """Leave the archives out of this process's builds when ``parts`` says so."""
    from skill_catalog.site import pages
    from skill_catalog.site import publish as published

    if "archives" in parts:
        def publish(out: Any, site_skill: Any, sources: Any, **_: Any) -> Any:
            sha256 = {relpath: source.sha256 for relpath, source in sources.items()}
            errors = {relpath: source.error for relpath, source in sources.items()}
            digest = published.bundle_digest(published.bundle(site_skill.skill, errors), sha256)
            return published.Published(sha256, digest, None, None)

        pages.publish = publish  # type: ignore[assignment]


def child(parts: list[str], library: str, site: str) -> int:
    _without(parts)
    from skill_catalog.cli import main as cli

    command = ["build", library, "-o", site, "-q"]
    if "file-pages" in parts:
        config = Path(site + ".yml")
        config.write_text("file_pages: false\n", encoding="utf-8")
        command += ["-c", str(config)]
    try:
        cli(command)
    except SystemExit as end:
        return int(end.code or 0)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--work", type=Path, help="where the sites are written (default: "
                        "beside the library; e.g. /dev/shm to leave the disk out)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # [parts...] LIBRARY SITE
        return child(args.child[:-2], args.child[-2], args.child[-1])
    compile_package()
    base = OUT / f"lib-{args.size}"
    library = make_library(args.size, base)
    work = (args.work or base) / "parts"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir()
    project = mkdocs_project(library, work / "mkdocs")
    py = sys.executable
    times: dict[str, list[float]] = {name: [] for name in [*VARIANTS, "mkdocs", "floor"]}
    cpu: dict[str, list[float]] = {name: [] for name in times}
    sizes: dict[str, tuple[int, int]] = {}
    try:
        for i in range(args.repeats):
            for n, (name, parts) in enumerate(VARIANTS.items()):
                site = work / f"site-{n}-{i}"
                wall, _rss, used = run([py, "-m", "benchmarks.build_parts", "--child", *parts,
                                        str(library), str(site)])
                times[name].append(wall)
                cpu[name].append(used)
                sizes[name] = site_size(site)
            wall, _rss, used = run(["mkdocs", "build", "-q", "-d", str(work / f"mkdocs-{i}")],
                                   cwd=project)
            times["mkdocs"].append(wall)
            cpu["mkdocs"].append(used)
            wall, _rss, used = run([py, "-c", FLOOR, str(library)])
            times["floor"].append(wall)
            cpu["floor"].append(used)
    finally:
        shutil.rmtree(work)
    print(f"N = {args.size}, {args.repeats} runs each, interleaved")
    mkdocs = statistics.median(times["mkdocs"])
    floor = statistics.median(times["floor"])
    for name, values in times.items():
        median = statistics.median(values)
        line = (f"  {name:<31} min {min(values):6.2f}s  median {median:6.2f}s  "
                f"max {max(values):6.2f}s  CPU {statistics.median(cpu[name]):6.2f}s")
        if name in VARIANTS:
            line += f"  mkdocs / this {mkdocs / median:5.2f}x  this / floor {median / floor:5.2f}x"
            size, files = sizes[name]
            line += f"  site {size / 1e6:,.0f} MB in {files:,} files"
        print(line, flush=True)
    return 0


def site_size(site: Path) -> tuple[int, int]:
    """Bytes and files of a site, each hard link counted as a file of its own."""
    size = files = 0
    for folder, _dirs, names in os.walk(site):
        for name in names:
            size += os.lstat(os.path.join(folder, name)).st_size
            files += 1
    return size, files


if __name__ == "__main__":
    raise SystemExit(main())
