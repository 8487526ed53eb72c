"""The list of a skill's files: category, size, text or binary, executable bit, shebang."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from skill_catalog.fs.safe_fs import read_limited_inside
from skill_catalog.fs.walk import FileEntry
from skill_catalog.model import FileCategory, SkillFile
from skill_catalog.parse.encoding import looks_binary

_CATEGORIES: dict[str, FileCategory] = {
    "scripts": "scripts",
    "references": "references",
    "assets": "assets",
}
HEAD_BYTES = 4096
"""How much of each file is read to tell text from binary and to see a shebang."""


def categorize(relpath: str) -> FileCategory:
    if relpath in ("SKILL.md", "skill.md"):
        return "skill_md"
    return _CATEGORIES.get(relpath.split("/", 1)[0], "other") if "/" in relpath else "other"


def inventory(
    skill_dir: Path, entries: Sequence[FileEntry], limit: int,
    unreadable: list[tuple[Path, str]] | None = None,
    heads: Mapping[str, bytes] | None = None,
    *, root: Path,
) -> tuple[tuple[SkillFile, ...], bool]:
    """Describe at most ``limit`` files of ``skill_dir``; the flag says if some were left out.
    Files are read without leaving library root ``root``
    (:func:`~skill_catalog.fs.safe_fs.open_inside`).

    A file that cannot be opened is still listed (as binary) and, when ``unreadable`` is
    given, appended to it with the reason, for the caller to report. ``heads`` gives, by
    location, the first :data:`HEAD_BYTES` bytes (or the whole file) of files the caller has
    read already."""
    files: list[SkillFile] = []
    prefix = len(str(skill_dir)) + 1
    named = sorted((e.location[prefix:].replace(os.sep, "/"), e) for e in entries)
    for relpath, entry in named[:limit]:
        size = entry.size
        head = b""
        if size:
            known = heads.get(entry.location) if heads else None
            if known is not None:
                head = known
            else:
                try:
                    head, _ = read_limited_inside(root, entry.location, HEAD_BYTES)
                except OSError as exc:
                    head = b"\x00"  # unreadable: shown as binary
                    if unreadable is not None:
                        unreadable.append((entry.path, exc.strerror or str(exc)))
        files.append(SkillFile(
            relpath=relpath,
            category=categorize(relpath),
            size=size,
            is_text=not looks_binary(head, complete=size <= len(head)),
            executable=bool(entry.mode & 0o111),
            has_shebang=head.startswith(b"#!"),
        ))
    return tuple(files), len(entries) > limit
