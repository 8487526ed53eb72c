"""Build speed and memory: skill-catalog against MkDocs, skills-ref and the floor, in one run.

For each library size N (real-bodied, see make_library.py) this measures, each as a separate
process so that start-up and peak memory count, min/median/max over --repeats runs:

- ``build``: ``skill-catalog build LIB -o OUT`` from scratch (a new folder: no previous site,
  no build state);
- ``rebuild``: the same into the last of those sites after one skill changed (an incremental
  build, which updates the site in place);
- ``serve``: what ``skill-catalog serve`` does on each change, in one process that holds the
  build state and skill cache in memory (:class:`skill_catalog.site.build.Session`): edit one
  skill, build again (each repeat timed within that process, start-up not included);
- ``validate``: ``skill-catalog validate LIB --format json``;
- ``mkdocs``: ``mkdocs build`` of the same bodies as plain pages (default theme, nav limited
  to the home page, as the issue asks);
- ``skills-ref``: skills-ref 0.1.1's ``validate()`` over every skill folder, in one process;
- ``floor``: read every input file and render every body with the fastest CommonMark engine
  installed (cmarkgfm, else markdown-it-pyrs, else markdown-it-py), in one process.

Run: python -m benchmarks.build_speed --sizes 2000 10000 --repeats 3 [--work /dev/shm]
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import REPO, TreePeak, site_size
from benchmarks.make_library import make_library

OUT = REPO / "benchmarks" / "out"
BASE_URL = "https://example.org/catalog/"
"""The sites' base URL: a published site has one (and then the Claude Code marketplace)."""

FLOOR = r"""
import sys, pathlib
root = pathlib.Path(sys.argv[1])
try:
    import cmarkgfm
    from cmarkgfm.cmark import Options
    def render(text):
        return cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    engine = "cmarkgfm"
except ImportError:
    try:
        from markdown_it_pyrs import MarkdownIt
        md = MarkdownIt("gfm")
        render = md.render
        engine = "markdown-it-pyrs"
    except ImportError:
        from markdown_it import MarkdownIt
        render = MarkdownIt("gfm-like").render
        engine = "markdown-it-py"
total = 0
for path in sorted(root.rglob("*")):
    if path.is_file():
        data = path.read_bytes()
        total += len(data)
        if path.name == "SKILL.md":
            text = data.decode("utf-8", "replace")
            body = text.split("\n---", 1)[1] if text.startswith("---") else text
            render(body)
print(engine, total, file=sys.stderr)
"""

SERVE = r"""
import json, resource, sys, time
from pathlib import Path
from skill_catalog.cli.common import get_config
from skill_catalog.site.build import Session, build
library, site, target = (Path(arg) for arg in sys.argv[1:4])
repeats = int(sys.argv[4])
config, session = get_config(None), Session()

def cpu():
    return sum(getattr(resource.getrusage(who), field) for field in ("ru_utime", "ru_stime")
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))

build(config, roots=[library], output=site, session=session)  # takes over the site on disk
runs = []
for i in range(repeats):
    with target.open("a", encoding="utf-8") as handle:
        handle.write(f"\nServed {i}.\n")
    start, used = time.perf_counter(), cpu()
    build(config, roots=[library], output=site, session=session)
    runs.append([time.perf_counter() - start, cpu() - used])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps([[wall, peak, used] for wall, used in runs]))
"""

SKILLS_REF = r"""
import sys, pathlib
from skills_ref.validator import validate
for skill_md in sorted(pathlib.Path(sys.argv[1]).rglob("SKILL.md")):
    try:
        validate(skill_md.parent)
    except Exception:
        pass
"""


def run(command: list[str], cwd: Path | None = None, ok: tuple[int, ...] = (0,)
        ) -> tuple[float, float, float, float]:
    """Wall seconds, peak RSS (MB), CPU seconds (user + system) of one child process and its
    workers (via wait4), and the peak of the memory of all its processes together (MB of
    proportional set size, sampled: :class:`~benchmarks.common.TreePeak`)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL)
    sampler = TreePeak(process.pid)
    _pid, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    tree = sampler.stop()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in ok:
        raise subprocess.CalledProcessError(process.returncode, command)
    return elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, tree


def mkdocs_project(library: Path, project: Path) -> Path:
    if project.exists():
        shutil.rmtree(project)
    docs = project / "docs"
    (docs / "skills").mkdir(parents=True)
    (docs / "index.md").write_text("# Skills\n")
    for skill_md in sorted(library.rglob("SKILL.md")):
        text = skill_md.read_text(encoding="utf-8", errors="replace")
        body = text.split("\n---", 1)[1] if text.startswith("---") else text
        (docs / "skills" / f"{skill_md.parent.name}.md").write_text(body, encoding="utf-8")
    (project / "mkdocs.yml").write_text("site_name: Bench\nnav:\n  - index.md\n")
    return project


def measure(label: str, runs: list[tuple[float, ...]],
            results: dict[str, dict[str, float]]) -> None:
    """Print and record a measure: wall times, CPU, the largest process's peak RSS and the
    peak of all its processes together (PSS; a run without it counts its RSS)."""
    times = [r[0] for r in runs]
    rss = max(r[1] for r in runs)
    cpu = statistics.median(r[2] for r in runs)
    tree = max(r[3] if len(r) > 3 else r[1] for r in runs)
    results[label] = {"min": min(times), "median": statistics.median(times),
                      "max": max(times), "peak_rss_mb": rss, "cpu_median": cpu,
                      "peak_all_processes_mb": tree}
    print(f"  {label:<10} min {min(times):7.2f}s  median {statistics.median(times):7.2f}s  "
          f"max {max(times):7.2f}s  CPU {cpu:7.2f}s  peak RSS {rss:6.0f} MB  "
          f"all processes {tree:6.0f} MB", flush=True)


def bench(size: int, repeats: int, skip: set[str], work: Path | None = None
          ) -> dict[str, dict[str, float]]:
    library = make_library(size, OUT / f"lib-{size}")
    base = outputs(size, work)
    base.mkdir(parents=True, exist_ok=True)
    py = sys.executable
    results: dict[str, dict[str, float]] = {}
    print(f"N = {size}", flush=True)
    if remove_outputs(base):
        print("  (removed the outputs of an unfinished earlier run: ext4 allocates new files "
              "slowly for a few minutes after a large deletion, so expect slower figures)")

    def build_cmd(site: Path) -> list[str]:
        # With a base URL, as a published site has: the marketplace too.
        return [py, "-m", "skill_catalog", "build", str(library), "-o", str(site), "-q",
                "--base-url", BASE_URL]

    # Every full build writes a folder never used before (so is every mkdocs site): deleting
    # a 30,000-file site just before writing the next one makes ext4 scan its recently freed
    # inodes on each new file for minutes (RECENTCY_DIRTY in fs/ext4/ialloc.c is 300 s), which
    # would tax whichever tool runs next. The outputs are removed when everything is measured.
    # Exit status 1 says the library has an invalid skill (the benchmark libraries may hold
    # one); the site is built all the same.
    full = [run(build_cmd(base / f"site-{i}"), ok=(0, 1)) for i in range(repeats)]
    measure("build", full, results)
    site = base / f"site-{repeats - 1}"
    site_bytes, site_files = site_size(site)
    library_bytes, library_files = site_size(library)
    results["site"] = {"bytes": site_bytes, "files": site_files, "library_bytes": library_bytes,
                       "library_files": library_files}
    print(f"  site       {site_bytes / 1e6:,.0f} MB in {site_files:,} files "
          f"({site_files / size:.1f} a skill); the library {library_bytes / 1e6:,.0f} MB in "
          f"{library_files:,} files: {site_bytes / library_bytes:.2f}x its bytes", flush=True)
    target = sorted(library.iterdir())[size // 2] / "SKILL.md"
    rebuilds = []
    for i in range(repeats):
        with target.open("a", encoding="utf-8") as handle:
            handle.write(f"\nEdited {i}.\n")
        rebuilds.append(run(build_cmd(site), ok=(0, 1)))
    measure("rebuild", rebuilds, results)
    served = subprocess.run([py, "-c", SERVE, str(library), str(site), str(target), str(repeats)],
                            check=True, capture_output=True, text=True).stdout
    measure("serve", [tuple(r) for r in json.loads(served)], results)
    measure("validate", [run([py, "-m", "skill_catalog", "validate", str(library), "-f",
                              "json", "-o", os.devnull], ok=(0, 1))
                         for _ in range(repeats)], results)
    if "mkdocs" not in skip and shutil.which("mkdocs"):
        project = mkdocs_project(library, base / "mkdocs")
        measure("mkdocs", [run(["mkdocs", "build", "-q", "-d", str(base / f"mkdocs-site-{i}")],
                               cwd=project) for i in range(repeats)], results)
    if "skills-ref" not in skip:
        measure("skills-ref", [run([py, "-c", SKILLS_REF, str(library)])
                               for _ in range(repeats)], results)
    measure("floor", [run([py, "-c", FLOOR, str(library)]) for _ in range(repeats)], results)
    ours = results["build"]["median"]
    print("  ratios (median over median):")
    if "mkdocs" in results:
        print(f"    mkdocs / build      {results['mkdocs']['median'] / ours:6.2f}x "
              "(above 1: our build is faster; the issue's target is 8)")
    print(f"    build / floor       {ours / results['floor']['median']:6.2f}")
    print(f"    rebuild / build     {results['rebuild']['median'] / ours * 100:6.1f} %")
    print(f"    serve / build       {results['serve']['median'] / ours * 100:6.1f} %")
    if "skills-ref" in results:
        speedup = results["skills-ref"]["median"] / results["validate"]["median"]
        print(f"    validate vs skills-ref {speedup:5.2f}x")
    return results


def compile_package() -> None:
    """Byte-compile the skill_catalog that ``python -m skill_catalog`` runs, as installing its
    wheel does (pip compiles each module at install). An editable install (the tests' set-up)
    leaves that to the first import, and with ``PYTHONDONTWRITEBYTECODE`` set, as on the
    machine this was written on, every run would compile the package's 75 modules from source
    again: about 50 ms a run, 4 % of a rebuild. MkDocs and the others come compiled."""
    spec = importlib.util.find_spec("skill_catalog")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        compileall.compile_dir(folder, quiet=1)


def outputs(size: int, work: Path | None) -> Path:
    """Where the sites of the size-``size`` library are written: beside it, or in ``work``."""
    return OUT / f"lib-{size}" if work is None else work / f"build-speed-{size}"


def remove_outputs(base: Path) -> bool:
    """Remove the sites and build states a run left in ``base``; True if there were any."""
    found = [*base.glob("site-*"), *base.glob(".site-*"), *base.glob("mkdocs-site-*")]
    for old in found:
        if old.is_dir():
            shutil.rmtree(old)
        else:
            old.unlink()
    return bool(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--skip", nargs="*", default=[], choices=["mkdocs", "skills-ref"])
    parser.add_argument("--work", type=Path, help="where the sites are written (default: "
                        "beside each library; e.g. /dev/shm to leave the disk out)")
    args = parser.parse_args()
    compile_package()
    all_results = {str(n): bench(n, args.repeats, set(args.skip), args.work)
                   for n in args.sizes}
    for n in args.sizes:
        if args.work is None:
            remove_outputs(outputs(n, None))
        else:  # a folder of the benchmark's own
            shutil.rmtree(outputs(n, args.work), ignore_errors=True)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "build_speed.json").write_text(json.dumps(all_results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
