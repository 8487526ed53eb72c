"""What a site weighs against its library, by kind of output, for one or more checkouts of the
tool in one run (before and after a change to what the site publishes).

Each checkout builds the same library (make_library.py) into a folder of its own, in a process
of its own with that checkout first on ``sys.path`` and a ``base_url`` (so the marketplace is
written, as on a published site). It prints, per checkout, the site's bytes and files by kind of
output (:func:`benchmarks.build_parts.site_parts`), the site over the library's bytes and the
files per skill; then the CPU seconds of each build (``--repeats`` builds of each checkout,
interleaved, so that they share the machine's noise).

Run: python -m benchmarks.site_weight LIBRARY [--code /work/main] [--code .] [--repeats 3]
[--work /dev/shm]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.build_parts import BASE_URL, site_parts
from benchmarks.common import site_size

_BUILD = "import sys; from skill_catalog.cli import main; sys.exit(main())"


def library_size(library: Path) -> tuple[int, int]:
    """Bytes and files of the skills' folders."""
    return site_size(library)


def build(code: Path, library: Path, out: Path, file_pages: str | None = None) -> float:
    """Build with ``code`` (and ``file_pages``, else the default); return the CPU seconds
    (user + system) of the build's processes."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    config = []
    if file_pages is not None:
        path = out.parent / f"{out.name}.yml"
        path.write_text(f"file_pages: {file_pages}\n", encoding="utf-8")
        config = ["-c", str(path)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", _BUILD, "build", "-q", *config, str(library),
                           "-o", str(out), "--base-url", BASE_URL], env=env, cwd=out.parent,
                          stdout=subprocess.DEVNULL, check=False)
    if done.returncode not in (0, 1):  # 1: some skill has an error, the site is written
        raise SystemExit(f"build with {code} failed ({done.returncode})")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(label: str, site: Path, library: tuple[int, int], skills: int) -> None:
    size, files = site_size(site)
    print(f"\n## {label}: {size / 1e6:.1f} MB, {files:,} files, "
          f"{size / library[0]:.2f}x the library, {files / skills:.2f} files a skill")
    print("| output | MB | x the library | files | a skill |")
    print("|---|---:|---:|---:|---:|")
    for kind, (bytes_, count) in sorted(site_parts(site).items(), key=lambda kv: -kv[1][0]):
        print(f"| {kind} | {bytes_ / 1e6:.1f} | {bytes_ / library[0]:.2f} | {count:,} | "
              f"{count / skills:.2f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("library", type=Path)
    parser.add_argument("--code", type=Path, action="append",
                        help="a checkout of the tool (repeatable; default: this one)")
    parser.add_argument("--work", type=Path, default=None)
    parser.add_argument("--file-pages", action="append",
                        help="a file_pages value to build with (repeatable; default: the "
                             "checkout's default)")
    parser.add_argument("--repeats", type=int, default=1,
                        help="builds of each checkout, interleaved (CPU seconds of each)")
    args = parser.parse_args(argv)
    codes = args.code or [Path(__file__).resolve().parent.parent]
    library = library_size(args.library)
    skills = sum(1 for _ in args.library.rglob("SKILL.md"))
    print(f"library: {library[0] / 1e6:.1f} MB in {library[1]:,} files, {skills:,} SKILL.md")
    work = Path(tempfile.mkdtemp(prefix="site-weight-", dir=args.work))
    runs = [(code, mode) for code in codes for mode in (args.file_pages or [None])]
    cpu: dict[int, list[float]] = {index: [] for index in range(len(runs))}
    try:
        for repeat in range(args.repeats):
            for index, (code, mode) in enumerate(runs):
                out = work / f"site-{index}"
                cpu[index].append(build(code.resolve(), args.library, out, mode))
                if repeat == 0:
                    report(f"{code}" + (f", file_pages: {mode}" if mode else ""), out,
                           library, skills)
                shutil.rmtree(out)
        print("\n| build | CPU seconds (user + system), each run |")
        print("|---|---|")
        for index, (code, mode) in enumerate(runs):
            label = f"{code}" + (f", file_pages: {mode}" if mode else "")
            print(f"| {label} | {', '.join(f'{t:.1f}' for t in cpu[index])} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
