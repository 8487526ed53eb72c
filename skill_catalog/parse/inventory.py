"""The list of a skill's files: category, size, text or binary, executable bit, shebang."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from skill_catalog.discovery.walk import FileEntry
from skill_catalog.model import FileCategory, SkillFile
from skill_catalog.parse.encoding import looks_binary
from skill_catalog.safe_fs import read_bytes

_CATEGORIES: dict[str, FileCategory] = {
    "scripts": "scripts",
    "references": "references",
    "assets": "assets",
}
_HEAD = 4096


def categorize(relpath: str) -> FileCategory:
    if relpath in ("SKILL.md", "skill.md"):
        return "skill_md"
    return _CATEGORIES.get(relpath.split("/", 1)[0], "other") if "/" in relpath else "other"


def inventory(
    skill_dir: Path, entries: Sequence[FileEntry], limit: int,
    unreadable: list[tuple[Path, str]] | None = None,
) -> tuple[tuple[SkillFile, ...], bool]:
    """Describe at most ``limit`` files of ``skill_dir``; the flag says if some were left out.

    A file that cannot be opened is still listed (as binary) and, when ``unreadable`` is
    given, appended to it with the reason, for the caller to report."""
    files: list[SkillFile] = []
    prefix = len(str(skill_dir)) + 1
    named = sorted((str(e.path)[prefix:].replace(os.sep, "/"), e) for e in entries)
    for relpath, entry in named[:limit]:
        try:
            head, _ = read_bytes(entry.path, _HEAD) if entry.size else (b"", False)
        except OSError as exc:
            head = b"\x00"  # unreadable: shown as binary
            if unreadable is not None:
                unreadable.append((entry.path, exc.strerror or str(exc)))
        is_text = not looks_binary(head, complete=entry.size <= len(head))
        files.append(SkillFile(
            relpath=relpath,
            category=categorize(relpath),
            size=entry.size,
            is_text=is_text,
            executable=bool(entry.mode & 0o111),
            has_shebang=head.startswith(b"#!"),
        ))
    return tuple(files), len(entries) > limit
