"""Make a benchmark library of N skills shaped like the shared corpus.

Real-bodied: each skill is a copy of a valid corpus skill (its SKILL.md body, metadata and
files), renamed ``<name>-<i>`` so names stay unique; the corpus is cycled through for N larger
than it. Without the corpus, bodies are synthetic text with the corpus's size distribution.

Run: python -m benchmarks.make_library 2000 benchmarks/out/lib-2000
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
from pathlib import Path

from benchmarks.common import CORPUS

_NAME = re.compile(r"^name:.*$", re.MULTILINE)
_MAX_FILE = 256 << 10


def _valid_sources(corpus: Path) -> list[Path]:
    import skill_catalog

    catalog = skill_catalog.load([corpus])
    return [s.dir for s in catalog.skills if s.valid and s.nested_in is None]


def _copy_skill(source: Path, target: Path, name: str) -> None:
    target.mkdir(parents=True)
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if path.is_symlink() or any(part == "SKILL.md" for part in rel.parts[:-1]):
            continue
        if path.is_dir():
            continue
        if (source / rel.parts[0]).is_dir() and (source / rel.parts[0] / "SKILL.md").exists():
            continue  # a nested skill: left out
        dest = target / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if rel.as_posix() == "SKILL.md":
            text = path.read_text(encoding="utf-8")
            dest.write_text(_NAME.sub(f"name: {name}", text, count=1), encoding="utf-8")
        elif path.stat().st_size <= _MAX_FILE:
            shutil.copyfile(path, dest)
            shutil.copymode(path, dest)


def _synthetic(target: Path, name: str, rng: random.Random) -> None:
    words = ["agent", "skill", "data", "file", "script", "review", "deploy", "test", "report",
             "query", "table", "chart", "format", "parse", "build", "release", "check",
             "plan", "design", "api", "model"]
    target.mkdir(parents=True)
    paragraphs = []
    for section in range(rng.randint(3, 12)):
        paragraphs.append(f"## Section {section}\n")
        for _ in range(rng.randint(2, 6)):
            paragraphs.append(" ".join(rng.choice(words) for _ in range(rng.randint(20, 80))))
        paragraphs.append("```python\nprint('hello')\n```")
    description = " ".join(rng.choice(words) for _ in range(20)) + ". Use when testing."
    (target / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: {description}\nmetadata:\n  category: "
        f"{rng.choice(words)}\n---\n# {name}\n\n" + "\n\n".join(paragraphs) + "\n",
        encoding="utf-8")


def make_library(count: int, out: Path, corpus: Path = CORPUS) -> Path:
    """Write ``count`` skills into ``out/skills`` (replacing it, unless it holds the same
    library already: a stamp file records what was made); return that folder."""
    library = out / "skills"
    stamp = out / f".made-{count}-{'corpus' if corpus.is_dir() else 'synthetic'}"
    if library.is_dir() and stamp.is_file():
        return library
    stamp.unlink(missing_ok=True)
    if library.exists():
        shutil.rmtree(library)
    library.mkdir(parents=True)
    sources = _valid_sources(corpus) if corpus.is_dir() else []
    rng = random.Random(1234)
    for i in range(count):
        if sources:
            source = sources[i % len(sources)]
            name = f"{source.name[:50]}-{i}"
            _copy_skill(source, library / name, name)
        else:
            _synthetic(library / f"skill-{i}", f"skill-{i}", rng)
    stamp.write_text("")
    return library


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("count", type=int)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    library = make_library(args.count, args.out)
    print(f"{args.count} skills in {library}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
