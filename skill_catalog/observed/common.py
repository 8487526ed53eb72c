"""Reading a SKILL.md the way every observed tool starts: bytes as UTF-8 text, within the
library's size limit; once for every tool's view within :func:`read_once`."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from skill_catalog.fs.safe_fs import UnsafeFile, read_limited
from skill_catalog.parse.skill import ParseLimits

MAX_BYTES = ParseLimits().max_skill_md_bytes


_SHARED: dict[Path, str | None] | None = None
"""The texts read within :func:`read_once` (None outside it)."""


@contextlib.contextmanager
def read_once() -> Iterator[None]:
    """Within the block, each file :func:`read_text` is asked for is read once: every tool
    starts from the same bytes, so the views of several tools over one tree (a build's tool
    verdicts, ``skill-catalog agents``) share that read. The texts are dropped after it."""
    global _SHARED
    outer = _SHARED
    if outer is None:
        _SHARED = {}
    try:
        yield
    finally:
        _SHARED = outer


def read_text(path: Path) -> str | None:
    """The file as text (invalid UTF-8 replaced, as Node and Rust's lossy readers do), or
    None when it cannot be read."""
    shared = _SHARED
    if shared is not None and path in shared:
        return shared[path]
    try:
        data, _ = read_limited(path, MAX_BYTES)
        text: str | None = data.decode("utf-8", errors="replace")
    except (OSError, UnsafeFile):
        text = None
    if shared is not None:
        shared[path] = text
    return text


def fence_lines(text: str) -> list[str]:
    """The lines of ``text`` split on ``\\n`` (a ``\\r`` before it stays on the line)."""
    return text.split("\n")
