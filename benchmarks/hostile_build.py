"""Build time of the hostile library against a well-behaved library of the same size.

Run: python -m benchmarks.hostile_build [--repeats 3] [--small]

The hostile library is ``tests/hostile_library.py`` (``--small``: without the 20 MB body and
the 20,000 files). The normal library mirrors it file for file: one skill per SKILL.md that is
a regular file, with a valid SKILL.md of the same size (ordinary Markdown), and every other
regular file replaced by plain text of the same size, in a plain name with the same suffix.
Links, FIFOs, sockets and devices hold no bytes and have no counterpart. So both hold the same
number of skills, files and bytes. Each build runs ``skill-catalog build`` as its own process
(start-up included); docs/security.md records the ratio.
"""

from __future__ import annotations

import argparse
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import REPO, measure, ratio

_LINE = "Read the reference, then run the script and check its output carefully.\n"


def _text(size: int, head: str = "") -> bytes:
    """``head`` followed by ordinary Markdown lines, exactly ``size`` bytes (at least head)."""
    data = head.encode("utf-8")
    filler = ("\n## Steps\n\n" + _LINE * 40).encode("utf-8")
    while len(data) < size:
        data += filler[: size - len(data)]
    return data


def _regular_files(folder: Path) -> list[tuple[Path, int]]:
    """Every regular file below ``folder`` (links to folders are not followed), with its size."""
    found = []
    for base, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            info = (Path(base) / name).lstat()
            if stat.S_ISREG(info.st_mode):
                found.append((Path(base) / name, info.st_size))
    return found


def _suffix(path: Path) -> str:
    """The file's own suffix when it is a plain one (so the twin takes the same rendering
    path: Markdown, highlighted code, plain text), else ``.txt``."""
    suffix = path.suffix.lower()
    return suffix if suffix[1:].isalnum() and suffix[1:].isascii() and len(suffix) <= 10 \
        else ".txt"


def mirror(hostile: Path, normal: Path) -> tuple[int, int, int]:
    """Write the normal twin of ``hostile`` into ``normal``; return (skills, files, bytes).

    Each regular SKILL.md makes a skill; every other regular file goes, as a reference of the
    same size, into the skill whose folder holds it (or a folder of loose files)."""
    files = _regular_files(hostile)
    skill_dirs = sorted({path.parent for path, _size in files if path.name == "SKILL.md"},
                        key=lambda p: (-len(p.parts), p))
    names = {folder: f"skill-{i:04d}" for i, folder in enumerate(sorted(skill_dirs))}
    total = 0
    for index, (path, size) in enumerate(files):
        owner = next((d for d in skill_dirs if d == path.parent or d in path.parents), None)
        if owner is None:
            (normal / "loose").mkdir(parents=True, exist_ok=True)
            (normal / "loose" / f"file-{index:06d}{_suffix(path)}").write_bytes(_text(size))
        elif path.name == "SKILL.md" and path.parent == owner:
            name = names[owner]
            head = (f"---\nname: {name}\ndescription: An ordinary skill of the same size as "
                    f"its hostile twin. Use when benchmarking.\n---\n# {name}\n")
            (normal / name).mkdir(parents=True, exist_ok=True)
            (normal / name / "SKILL.md").write_bytes(_text(size, head))
        else:
            (normal / names[owner] / "references").mkdir(parents=True, exist_ok=True)
            (normal / names[owner] / "references" / f"file-{index:06d}{_suffix(path)}"
             ).write_bytes(_text(size))
        total += size
    return len(skill_dirs), len(files), total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--small", action="store_true", help="leave out the slow classes")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    from tests.hostile_library import make_hostile_library

    with tempfile.TemporaryDirectory(prefix="skill-catalog-hostile-bench-") as tmp:
        base = Path(tmp)
        hostile = make_hostile_library(base / "h", big=not args.small)
        normal = base / "normal"
        skills, files, total = mirror(hostile, normal)
        print(f"both libraries: {skills} SKILL.md files, {files} regular files, {total:,} bytes")
        env = {**os.environ, "PYTHONPATH": str(REPO)}

        def build(library: Path, out: Path) -> None:
            subprocess.run([sys.executable, "-m", "skill_catalog", "build", str(library),
                            "-o", str(out), "-q"], env=env, check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if not (out / "index.html").is_file():
                raise SystemExit(f"the build of {library} wrote no site")

        normal_times = measure("build, normal library", lambda: build(normal, base / "out-n"),
                               args.repeats)
        hostile_times = measure("build, hostile library", lambda: build(hostile, base / "out-h"),
                                args.repeats)
        ratio("hostile / normal build time", normal_times, hostile_times)
    return 0


if __name__ == "__main__":
    sys.exit(main())
