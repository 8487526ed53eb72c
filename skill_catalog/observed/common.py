"""Reading a SKILL.md the way every observed tool starts: bytes as UTF-8 text, within the
library's size limit."""

from __future__ import annotations

from pathlib import Path

from skill_catalog.fs.safe_fs import UnsafeFile, read_limited
from skill_catalog.parse.skill import ParseLimits

MAX_BYTES = ParseLimits().max_skill_md_bytes


def read_text(path: Path) -> str | None:
    """The file as text (invalid UTF-8 replaced, as Node and Rust's lossy readers do), or
    None when it cannot be read."""
    try:
        data, _ = read_limited(path, MAX_BYTES)
    except (OSError, UnsafeFile):
        return None
    return data.decode("utf-8", errors="replace")


def fence_lines(text: str) -> list[str]:
    """The lines of ``text`` split on ``\\n`` (a ``\\r`` before it stays on the line)."""
    return text.split("\n")
