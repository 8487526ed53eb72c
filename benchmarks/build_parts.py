"""What each kind of output costs: a full build with and without them, in one run, and what
the site weighs against its library.

An experiment behind docs/performance.md's "Why the build is not 8x faster than MkDocs" and its
site sizes. For a real-bodied library of N skills (make_library.py) it times, each as a separate
process writing a folder never used before, the variants interleaved so that they share the
machine's noise, every build with a ``base_url`` (so the Claude Code marketplace is written, as
on a published site; its plugins of one skill take the skill's zip as their archive):

- ``build``: ``skill-catalog build`` as it is (``file_pages: viewer``: a viewer page per skill
  that shows its text files, Markdown rendered in the browser);
- ``file_pages: markdown``: a page per Markdown file rendered at build time, the viewer for
  the other text files (the default before issue 34's decision 5);
- ``file_pages: all``: a page for every text file (the layout before the viewer);
- ``file_pages: none``: no page for the files other than SKILL.md (the skill page links their
  raw copies);
- ``file_pages: none, no archives``: also without each skill's zips (``publish`` returns the
  record an invalid skill gets, by a no-op put in its place here), which leaves roughly what
  MkDocs writes (a page per skill) plus the raw copies and the catalog's own site-wide files
  and checks;
- ``mkdocs``: ``mkdocs build`` of the same bodies (as in build_speed.py);
- ``floor``: reading every file and rendering every body with cmark-gfm (as in
  build_speed.py).

The variant without archives is not a feature: it exists only here, to measure. For each
variant it also prints the size of the site as a host counts it (every hard link as a file of
its own, as ``actions/upload-pages-artifact`` packs it), its number of files, files per skill
and its size over the library's (the bytes of the skill folders' files); then, for the first
variant, the site's bytes and files by kind of output (:func:`site_parts`).

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
from benchmarks.common import site_size
from benchmarks.make_library import make_library

VARIANTS = {
    "build": ("viewer",),
    "file_pages: markdown": ("markdown",),
    "file_pages: all": ("all",),
    "file_pages: none": ("none",),
    "file_pages: none, no archives": ("none", "archives"),
}
BASE_URL = "https://example.org/catalog/"


def _without(parts: list[str]) -> None:
    """Leave the archives out of this process's builds when ``parts`` says so."""
    from skill_catalog.site.pages import render as pages
    from skill_catalog.site.publish import copies as published

    if "archives" in parts:
        def publish(out: Any, site_skill: Any, sources: Any, plan: Any, **_: Any) -> Any:
            sha256 = {relpath: source.sha256 for relpath, source in sources.items()}
            return published.Published(sha256, plan.digest, None, None)

        pages.publish = publish  # type: ignore[assignment]


def child(parts: list[str], library: str, site: str) -> int:
    _without(parts)
    from skill_catalog.cli import main as cli

    config = Path(site + ".yml")
    config.write_text(f"base_url: {BASE_URL}\nfile_pages: {parts[0]}\n", encoding="utf-8")
    command = ["build", library, "-o", site, "-q", "-c", str(config)]
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
    kinds: dict[str, tuple[int, int]] = {}
    try:
        for i in range(args.repeats):
            for n, (name, parts) in enumerate(VARIANTS.items()):
                site = work / f"site-{n}-{i}"
                wall, _rss, used, _tree = run([py, "-m", "benchmarks.build_parts", "--child",
                                               *parts, str(library), str(site)], ok=(0, 1))
                times[name].append(wall)
                cpu[name].append(used)
                sizes[name] = site_size(site)
                if n == 0:
                    kinds = site_parts(site)
            wall, _rss, used, _tree = run(["mkdocs", "build", "-q", "-d",
                                           str(work / f"mkdocs-{i}")], cwd=project)
            times["mkdocs"].append(wall)
            cpu["mkdocs"].append(used)
            wall, _rss, used, _tree = run([py, "-c", FLOOR, str(library)])
            times["floor"].append(wall)
            cpu["floor"].append(used)
    finally:
        shutil.rmtree(work)
    library_bytes, library_files = site_size(library)
    print(f"N = {args.size}, {args.repeats} runs each, interleaved; the library: "
          f"{library_bytes / 1e6:,.1f} MB in {library_files:,} files")
    mkdocs = statistics.median(times["mkdocs"])
    floor = statistics.median(times["floor"])
    for name, values in times.items():
        median = statistics.median(values)
        line = (f"  {name:<31} min {min(values):6.2f}s  median {median:6.2f}s  "
                f"max {max(values):6.2f}s  CPU {statistics.median(cpu[name]):6.2f}s")
        if name in VARIANTS:
            line += f"  mkdocs / this {mkdocs / median:5.2f}x  this / floor {median / floor:5.2f}x"
            size, files = sizes[name]
            line += (f"  site {size / 1e6:,.0f} MB in {files:,} files ({files / args.size:.1f}"
                     f" a skill), {size / library_bytes:.2f}x the library")
        print(line, flush=True)
    print(f"  {next(iter(VARIANTS))}, by kind of output:")
    for kind, (size, files) in sorted(kinds.items(), key=lambda item: -item[1][0]):
        print(f"    {kind:<34} {size / 1e6:9,.1f} MB {size / library_bytes:6.2f}x the library "
              f"{files:8,} files {files / args.size:6.2f} a skill")
    return 0


def _kind(relpath: str) -> str:
    """What a file of the site is (for :func:`site_parts`)."""
    parts = relpath.split("/")
    if parts[0] == "skills" and len(parts) == 2:
        return "skill zips (skills/<slug>.zip)" if relpath.endswith(".zip") else "site-wide"
    if parts[0] == "skills":
        if parts[2] == "index.html":
            return "skill pages"
        if parts[2] == "view.html":
            return "viewer pages"
        return "file pages" if parts[2] == "files" else "raw copies"
    if parts[0] == ".well-known" and len(parts) > 3 and parts[1] == "skills":
        return "raw copies"  # of a listed skill: its v0.1 folder
    if parts[0] == ".well-known" and relpath.endswith(".zip"):
        return "v0.2 archives"
    if parts[0] == "claude-code" and relpath.endswith(".zip"):
        return "plugin zips (several skills each)"
    return "site-wide"


def site_parts(site: Path) -> dict[str, tuple[int, int]]:
    """Bytes and files of a site by kind of output: skill pages, file pages, viewer pages, raw
    copies, each kind of zip, and the site-wide files (index, search, prompts, catalog.json,
    discovery indexes, assets...)."""
    found: dict[str, tuple[int, int]] = {}
    for folder, _dirs, names in os.walk(site):
        for name in names:
            path = os.path.join(folder, name)
            kind = _kind(os.path.relpath(path, site).replace(os.sep, "/"))
            size, files = found.get(kind, (0, 0))
            found[kind] = (size + os.lstat(path).st_size, files + 1)
    return found


if __name__ == "__main__":
    raise SystemExit(main())
