"""A bounded, symlink-safe, deterministic walk of a folder tree.

Guarantees: nothing whose real path lies outside ``boundary`` is yielded; every real folder is
entered once (aliases and loops are reported, not followed twice); special files (FIFOs,
devices, sockets) are reported and never opened; depth and entry counts are capped.
"""

from __future__ import annotations

import dataclasses as dc
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

IssueKind = Literal[
    "link_outside", "link_broken", "link_loop", "alias", "special", "unreadable", "depth", "count"
]

DEFAULT_SKIP_DIRS = frozenset({".git", "node_modules", ".hg", ".svn", "__pycache__"})


@dc.dataclass(slots=True, frozen=True)
class FileEntry:
    path: Path
    """Lexical path (under the walk's start, symlinks not resolved)."""
    size: int
    mode: int
    is_link: bool


@dc.dataclass(slots=True, frozen=True)
class WalkIssue:
    kind: IssueKind
    path: Path
    detail: str = ""


def is_within(path: str, boundary: str) -> bool:
    """True when real path ``path`` is ``boundary`` or below it (both already resolved)."""
    return path == boundary or path.startswith(boundary.rstrip(os.sep) + os.sep)


def walk(
    start: Path,
    *,
    boundary: Path | None = None,
    max_depth: int = 16,
    max_entries: int = 200_000,
    skip_dir: Callable[[str], bool] = DEFAULT_SKIP_DIRS.__contains__,
    prune: Callable[[Path], bool] | None = None,
) -> Iterator[FileEntry | WalkIssue]:
    """Yield the regular files under ``start`` in sorted order, and every problem met.

    ``boundary`` (default: ``start``) is the containment root: symlinks whose target resolves
    outside it are reported and skipped. ``prune(dir)`` may stop the walk entering a folder.
    """
    boundary_real = os.path.realpath(boundary or start)
    start_real = os.path.realpath(start)
    if not is_within(start_real, boundary_real):
        yield WalkIssue("link_outside", start, f"resolves to {start_real}")
        return
    seen_dirs: dict[tuple[int, int], Path] = {}
    entries = 0
    # Stack of (lexical dir, depth); sorted reversed so the smallest name is visited first.
    try:
        st = os.stat(start_real)
    except OSError as exc:
        yield WalkIssue("unreadable", start, exc.strerror or str(exc))
        return
    seen_dirs[(st.st_dev, st.st_ino)] = start
    stack: list[tuple[Path, int]] = [(start, 0)]
    # Linked folders are entered only after every real folder, so that a real path always
    # claims its folder and a link to it is the alias, whatever the names' sort order.
    linked: list[tuple[Path, int, tuple[int, int]]] = []
    while stack or linked:
        if not stack:
            path, depth, ident = linked.pop(0)
            if ident in seen_dirs:
                kind: IssueKind = "link_loop" if _is_ancestor(seen_dirs[ident], path) else "alias"
                yield WalkIssue(kind, path, f"same folder as {seen_dirs[ident]}")
                continue
            seen_dirs[ident] = path
            if prune is not None and prune(path):
                continue
            stack.append((path, depth))
            continue
        folder, depth = stack.pop()
        try:
            with os.scandir(folder) as it:
                children = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            yield WalkIssue("unreadable", folder, exc.strerror or str(exc))
            continue
        subdirs: list[Path] = []
        for child in children:
            entries += 1
            if entries > max_entries:
                yield WalkIssue("count", folder, f"more than {max_entries} entries")
                return
            path = Path(child.path)
            try:
                is_link = child.is_symlink()
                if is_link:
                    real = os.path.realpath(path)
                    if not is_within(real, boundary_real):
                        yield WalkIssue("link_outside", path, f"points to {os.readlink(path)}")
                        continue
                    st = os.stat(path)
                else:
                    st = child.stat(follow_symlinks=False)
            except (FileNotFoundError, NotADirectoryError):
                yield WalkIssue("link_broken", path, _readlink(path))
                continue
            except OSError as exc:
                if exc.errno == 40:  # ELOOP
                    yield WalkIssue("link_loop", path, _readlink(path))
                else:
                    yield WalkIssue("unreadable", path, exc.strerror or str(exc))
                continue
            if stat.S_ISDIR(st.st_mode):
                if skip_dir(child.name):
                    continue
                ident = (st.st_dev, st.st_ino)
                if depth + 1 > max_depth:
                    yield WalkIssue("depth", path, f"deeper than {max_depth} levels")
                    continue
                if is_link:
                    linked.append((path, depth + 1, ident))
                    continue
                if ident in seen_dirs:  # a bind mount or hard-linked folder
                    yield WalkIssue("alias", path, f"same folder as {seen_dirs[ident]}")
                    continue
                seen_dirs[ident] = path
                if prune is not None and prune(path):
                    continue
                subdirs.append(path)
            elif stat.S_ISREG(st.st_mode):
                yield FileEntry(path, st.st_size, st.st_mode, is_link)
            else:
                yield WalkIssue("special", path, _special_kind(st.st_mode))
        stack.extend((d, depth + 1) for d in reversed(subdirs))


def _is_ancestor(candidate: Path, path: Path) -> bool:
    return candidate == path or candidate in path.parents


def _readlink(path: Path) -> str:
    try:
        return f"points to {os.readlink(path)}"
    except OSError:
        return ""


def _special_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"
