"""What a site weighs against its library, by kind of output, for one or more checkouts of the
tool in one run (before and after a change to what the site publishes).

Each checkout builds the same library (make_library.py) into a folder of its own, in a process
of its own with that checkout first on ``sys.path`` and a ``base_url`` (so the marketplace is
written, as on a published site). It prints, per checkout, the site's bytes and files by kind of
output (:func:`benchmarks.build_parts.site_parts`), the site over the library's bytes and the
files per skill.

Run: python -m benchmarks.site_weight LIBRARY [--code /work/main] [--code .] [--work /dev/shm]
"""

from __future__ import annotations

import argparse
import os
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


def build(code: Path, library: Path, out: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(code)}
    done = subprocess.run([sys.executable, "-c", _BUILD, "build", "-q", str(library), "-o",
                           str(out), "--base-url", BASE_URL], env=env, cwd=out.parent,
                          stdout=subprocess.DEVNULL, check=False)
    if done.returncode not in (0, 1):  # 1: some skill has an error, the site is written
        raise SystemExit(f"build with {code} failed ({done.returncode})")


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
    args = parser.parse_args(argv)
    codes = args.code or [Path(__file__).resolve().parent.parent]
    library = library_size(args.library)
    skills = sum(1 for _ in args.library.rglob("SKILL.md"))
    print(f"library: {library[0] / 1e6:.1f} MB in {library[1]:,} files, {skills:,} SKILL.md")
    work = Path(tempfile.mkdtemp(prefix="site-weight-", dir=args.work))
    try:
        for index, code in enumerate(codes):
            out = work / f"site-{index}"
            build(code.resolve(), args.library, out)
            report(str(code), out, library, skills)
            shutil.rmtree(out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
