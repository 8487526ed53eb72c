"""A bounded, symlink-safe, deterministic walk of a folder tree.

Guarantees: nothing whose real path lies outside ``boundary`` is yielded; every real folder is
entered once (aliases and loops are reported, not followed twice); special files (FIFOs,
devices, sockets) are reported and never opened; depth and entry counts are capped; every
folder left out (by name, or as a built site) is reported, and with ``skipped_are_outside``
a link into such a folder is refused as a link out of the boundary is.
"""

from __future__ import annotations

import dataclasses as dc
import errno
import operator
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

IssueKind = Literal[
    "link_outside", "link_broken", "link_loop", "alias", "special", "unreadable", "depth", "count",
    "skipped", "link_skipped", "marker_refused",
]

_BY_NAME = operator.attrgetter("name")
CACHE_FOLDER = ".skill-catalog-cache"
"""The cache folder's default name (:mod:`skill_catalog.pipeline.cache_folder`)."""
CACHEDIR_TAG = "CACHEDIR.TAG"
"""The file that marks a cache folder (https://bford.info/cachedir/)."""
SKIPPED_FOLDERS = {
    ".git": "Git's data (its config can hold a CI token)",
    ".hg": "Mercurial's data",
    ".svn": "Subversion's data",
    "node_modules": "installed npm packages",
    "__pycache__": "compiled Python",
    CACHE_FOLDER: "skill-catalog's cache",
}
"""The folders the walk never enters, by name, with what they hold."""
DEFAULT_SKIP_DIRS = frozenset(SKIPPED_FOLDERS)


@dc.dataclass(slots=True, frozen=True)
class FileEntry:
    location: str
    """Lexical path as a string (under the walk's start, symlinks not resolved)."""
    size: int
    mode: int
    is_link: bool
    inode: int = 0
    mtime_ns: int = 0
    ctime_ns: int = 0
    """With ``size`` and ``mode``, the file's identity when the walk saw it (its target's, for
    a link): caches compare it to tell whether the file may have changed."""

    @property
    def path(self) -> Path:
        """:attr:`location` as a Path (made on each call: the walk itself keeps strings)."""
        return Path(self.location)

    @property
    def name(self) -> str:
        return self.location.rpartition(os.sep)[2]


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
    prune_marker: str | None = None,
    marker_counts: Callable[[str], bool] | None = None,
    skipped_are_outside: bool = False,
) -> Iterator[FileEntry | WalkIssue]:
    """Yield the regular files under ``start`` in sorted order, and every problem met.

    ``boundary`` (default: ``start``) is the containment root: symlinks whose target resolves
    outside it are reported and skipped. ``prune(dir)`` may stop the walk entering a folder;
    so does ``prune_marker``, the name of a regular file (or link to one) that marks a folder
    not to enter, when ``marker_counts(folder)`` agrees (a folder whose marker does not count
    is reported as ``marker_refused`` and searched). Neither is asked about ``start`` itself.
    Every folder left out by ``skip_dir`` or a marker is reported (``skipped``), but for a Git
    repository's own ``.git``.
    ``skipped_are_outside``: a link whose real path lies in such a folder (or is one) is
    reported (``link_skipped``) and not followed, as one leaving the boundary is.
    """
    boundary_real = os.path.realpath(boundary or start)
    start_real = os.path.realpath(start)
    if not is_within(start_real, boundary_real):
        yield WalkIssue("link_outside", start, f"resolves to {start_real}")
        return
    # Paths are kept as strings, joined the way Path would print them: building a Path per
    # entry costs more than the system calls of the walk.
    top = str(start)
    seen_dirs: dict[tuple[int, int], str] = {}
    entries = 0
    try:
        st = os.stat(start_real)
    except OSError as exc:
        yield WalkIssue("unreadable", start, exc.strerror or str(exc))
        return
    seen_dirs[(st.st_dev, st.st_ino)] = top
    marked = _Marked(prune_marker, marker_counts, boundary_real)
    # Stack of (lexical dir, depth, (device, inode) it had when its parent listed it); sorted
    # reversed so the smallest name is visited first. Every folder but ``start`` (depth 0) may
    # be pruned. A folder is listed only while it still is the one its parent listed: one
    # swapped for a link meanwhile (to /etc...) is reported, never listed (_list).
    stack: list[tuple[str, int, tuple[int, int]]] = [(top, 0, (st.st_dev, st.st_ino))]
    # Linked folders are entered only after every real folder, so that a real path always
    # claims its folder and a link to it is the alias, whatever the names' sort order.
    linked: list[tuple[str, int, tuple[int, int]]] = []
    while stack or linked:
        if not stack:
            folder, depth, ident = linked.pop(0)
            if ident in seen_dirs:
                kind: IssueKind = "link_loop" if _is_ancestor(seen_dirs[ident], folder) else "alias"
                yield WalkIssue(kind, Path(folder), f"same folder as {seen_dirs[ident]}")
                continue
            seen_dirs[ident] = folder
            if prune is not None and prune(Path(folder)):
                continue
            stack.append((folder, depth, ident))
            continue
        folder, depth, ident = stack.pop()
        try:
            fd, children = _list(folder, ident)
        except OSError as exc:
            if depth and marked.holds(folder, None):
                if marked.counts(folder):  # a marked folder is skipped, readable or not
                    yield marked.skipped(folder)
                    continue
                yield marked.refused(folder)
            yield WalkIssue("unreadable", Path(folder), exc.strerror or str(exc))
            continue
        try:  # the listing's entries stat relative to ``fd``: it stays open meanwhile
            if depth and marked.holds(folder, children):
                if marked.counts(folder):
                    yield marked.skipped(folder)
                    continue
                yield marked.refused(folder)
            prefix = _prefix(folder)
            subdirs: list[tuple[str, tuple[int, int]]] = []
            for child in children:
                entries += 1
                if entries > max_entries:
                    yield WalkIssue("count", Path(folder), f"more than {max_entries} entries")
                    return
                path = prefix + child.name
                try:
                    is_link = child.is_symlink()
                    if is_link:
                        real = os.path.realpath(path)
                        if not is_within(real, boundary_real):
                            yield WalkIssue("link_outside", Path(path),
                                            f"points to {os.readlink(path)}")
                            continue
                        if skipped_are_outside:
                            why = marked.skipped_on(real, skip_dir)
                            if why:
                                yield WalkIssue("link_skipped", Path(path),
                                                f"points to {os.readlink(path)}; {why}")
                                continue
                        st = os.stat(path)
                    else:
                        st = child.stat(follow_symlinks=False)
                except (FileNotFoundError, NotADirectoryError):
                    yield WalkIssue("link_broken", Path(path), _readlink(path))
                    continue
                except OSError as exc:
                    if exc.errno == errno.ELOOP:
                        yield WalkIssue("link_loop", Path(path), _readlink(path))
                    else:
                        yield WalkIssue("unreadable", Path(path), exc.strerror or str(exc))
                    continue
                mode = st.st_mode
                if stat.S_ISDIR(mode):
                    if skip_dir(child.name):
                        if not _own_folder(path, child.name):
                            yield WalkIssue("skipped", Path(path), _skip_reason(child.name))
                        continue
                    ident = (st.st_dev, st.st_ino)
                    if depth + 1 > max_depth:
                        yield WalkIssue("depth", Path(path), f"deeper than {max_depth} levels")
                        continue
                    if is_link:
                        linked.append((path, depth + 1, ident))
                        continue
                    if ident in seen_dirs:  # a bind mount or hard-linked folder
                        yield WalkIssue("alias", Path(path), f"same folder as {seen_dirs[ident]}")
                        continue
                    seen_dirs[ident] = path
                    if prune is not None and prune(Path(path)):
                        continue
                    subdirs.append((path, ident))
                elif stat.S_ISREG(mode):
                    if skip_dir(child.name):  # a .git file: a worktree's or submodule's
                        continue  # pointer to its repository, Git's data as the folder is
                    yield FileEntry(path, st.st_size, mode, is_link, st.st_ino, st.st_mtime_ns,
                                    st.st_ctime_ns)
                else:
                    yield WalkIssue("special", Path(path), _special_kind(mode))
        finally:
            if fd is not None:
                os.close(fd)
        stack.extend((d, depth + 1, i) for d, i in reversed(subdirs))


_LIST_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_LIST_BY_FD = os.scandir in os.supports_fd


class FolderChanged(OSError):
    """A folder is no longer the one its parent listed (replaced, or swapped for a link)."""


def _list(folder: str, ident: tuple[int, int]) -> tuple[int | None, list[os.DirEntry[str]]]:
    """The entries of ``folder`` in name order, listed through a descriptor that is checked to
    be the folder seen before (``ident``: device and inode), so that a folder swapped for a
    link between its parent's listing and its own is never listed; and that descriptor (None
    where a folder cannot be listed through one), for the entries' ``stat``."""
    if not _LIST_BY_FD:
        with os.scandir(folder) as it:
            return None, sorted(it, key=_BY_NAME)
    fd = os.open(folder, _LIST_FLAGS)
    try:
        found = os.fstat(fd)
        if (found.st_dev, found.st_ino) != ident:
            raise FolderChanged(errno.ENOENT, "it changed while it was being searched "
                                "(replaced, or swapped for a link); it is not listed")
        with os.scandir(fd) as it:
            children = sorted(it, key=_BY_NAME)
    except BaseException:
        os.close(fd)
        raise
    return fd, children


def _prefix(folder: str) -> str:
    """What goes before a child's name: Path("a") / "b" prints "a/b", Path(".") / "b" "b"."""
    if folder == ".":
        return ""
    return folder if folder.endswith(os.sep) else folder + os.sep


def _own_folder(path: str, name: str) -> bool:
    """True for the ``.git`` folder of a Git repository (it holds ``HEAD``): every checkout
    has one and no pull request can add a file to it (Git refuses any path through a
    ``.git``), and for skill-catalog's cache folder (it holds a ``CACHEDIR.TAG``: one the
    configuration's folder or a library root holds by default); they are skipped without a
    word; any other skipped folder is reported."""
    if name == ".git":
        return os.path.isfile(os.path.join(path, "HEAD"))
    return name == CACHE_FOLDER and os.path.isfile(os.path.join(path, CACHEDIR_TAG))


def _skip_reason(name: str) -> str:
    held = SKIPPED_FOLDERS.get(name)
    return f"'{name}' folders are never searched" + (f" (they hold {held})" if held else "")


class _Marked:
    """The folders a marker file keeps the walk out of, as one walk meets them."""

    __slots__ = ("boundary", "counted", "marker", "marker_counts")

    def __init__(self, marker: str | None, marker_counts: Callable[[str], bool] | None,
                 boundary: str) -> None:
        self.marker = marker
        self.marker_counts = marker_counts
        self.boundary = boundary
        self.counted: dict[str, bool] = {}
        """Whether a folder (by real path) holds a marker that counts."""

    def holds(self, folder: str, children: list[os.DirEntry[str]] | None) -> bool:
        """True when the marker is a regular file of ``folder`` (following a link, as isfile).

        ``children`` (the folder's listing, when it could be read) spares the check for the
        folders that do not even hold the name."""
        if self.marker is None:
            return False
        wanted = self.marker.lower()  # a case-insensitive file system finds it in any case
        if children is not None and not any(c.name.lower() == wanted for c in children):
            return False
        return os.path.isfile(_prefix(folder) + self.marker)

    def counts(self, folder: str) -> bool:
        return self.marker_counts is None or self.marker_counts(folder)

    def skipped(self, folder: str) -> WalkIssue:
        return WalkIssue("skipped", Path(folder),
                         f"it holds {self.marker}: a site skill-catalog built")

    def refused(self, folder: str) -> WalkIssue:
        return WalkIssue("marker_refused", Path(_prefix(folder) + str(self.marker)),
                         "the folder is not a site skill-catalog built here (no build state "
                         "beside it names this file), so it is searched like any folder")

    def skipped_on(self, real: str, skip_dir: Callable[[str], bool]) -> str:
        """Why real path ``real`` (inside the boundary) lies in a folder the walk leaves out,
        or "" when it does not: a folder of its path is skipped by name or holds a marker
        that counts (``real`` itself included, when it is a folder)."""
        if real == self.boundary:
            return ""
        parts = real[len(self.boundary.rstrip(os.sep)) + 1:].split(os.sep)
        for index, name in enumerate(parts):
            if skip_dir(name):
                where = "/".join(parts[: index + 1])
                return f"{where} is never searched ({_skip_reason(name)})"
        if self.marker is None:
            return ""
        folder = self.boundary
        for index, name in enumerate(parts):
            folder = _prefix(folder) + name
            verdict = self.counted.get(folder)
            if verdict is None:
                verdict = self.counted[folder] = (os.path.isdir(folder) and self.holds(folder, None)
                                                  and self.counts(folder))
            if verdict:
                where = "/".join(parts[: index + 1])
                return f"{where} is never searched (it holds {self.marker}: a site skill-catalog " \
                    "built)"
        return ""


def _is_ancestor(candidate: str, path: str) -> bool:
    return candidate == path or Path(candidate) in Path(path).parents


def _readlink(path: str) -> str:
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
