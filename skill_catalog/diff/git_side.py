"""``git:REF``: the library as it was at a commit, read from git without a checkout.

The tree is listed with ``git ls-tree`` and its blobs read with ``git cat-file --batch`` (no
``git archive``: its ``export-ignore`` and ``export-subst`` attributes, which the tree itself
sets, would hide or rewrite files), then written into a fresh private temporary folder that is
removed afterwards. Writing never follows a link: every folder is opened below the previous one
with ``O_NOFOLLOW``, every file created with ``O_EXCL | O_NOFOLLOW``, and a name git should
never hold (``.``, ``..``, empty) is refused; symbolic links are written as links, which the
library's walk then treats as it treats a checkout's (never followed out of the root).
Submodules are left out. The tree's size and file count are checked before anything is
written.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

from skill_catalog.errors import SkillCatalogError
from skill_catalog.fs.safe_write import create_new
from skill_catalog.process.git import run_git

GIT_TIMEOUT = 120
"""Seconds one git command may take."""
MAX_TREE_BYTES = 1 << 30
"""The most bytes of blobs a ``git:REF`` side may hold."""
MAX_TREE_FILES = 200_000
_CHUNK = 1 << 20


class GitSideError(SkillCatalogError):
    """git could not give the library at that commit (exit 2)."""


def _git(args: Sequence[str], cwd: Path) -> bytes:
    return run_git(args, cwd, error=GitSideError, needed_for="a git:REF side",
                   timeout=GIT_TIMEOUT)


def resolve(ref: str, cwd: Path) -> tuple[Path, str, str]:
    """The top of the repository holding ``cwd``, ``cwd``'s place in it (``a/b/`` or ""),
    and the commit ``ref`` names."""
    if not ref or ref.startswith("-"):
        raise GitSideError(f"git:{ref}: not a revision (give a branch, tag or commit)")
    top = Path(_git(["rev-parse", "--show-toplevel"], cwd).decode("utf-8",
                                                                  "surrogateescape").strip())
    prefix = _git(["rev-parse", "--show-prefix"], cwd).decode("utf-8", "surrogateescape").strip()
    try:
        commit = _git(["rev-parse", "--verify", "--quiet", "--end-of-options",
                       f"{ref}^{{commit}}"], top).decode("ascii").strip()
    except GitSideError:
        raise GitSideError(f"git:{ref}: no such commit in {top}") from None
    return top, prefix, commit


def _entries(top: Path, commit: str, prefix: str) -> list[tuple[str, str, int, str]]:
    """(mode, object, size, path below ``prefix``) of every blob of the tree under
    ``prefix``; submodules left out."""
    spec = ["--", prefix] if prefix else []
    out = _git(["ls-tree", "-r", "-z", "--long", commit, *spec], top)
    entries = []
    total = 0
    for record in out.split(b"\0"):
        if not record:
            continue
        meta, _tab, raw_path = record.partition(b"\t")
        mode, kind, obj, size = meta.decode("ascii").split()
        if kind != "blob":
            continue
        path = raw_path.decode("utf-8", "surrogateescape")
        if prefix and not path.startswith(prefix):
            continue
        total += int(size)
        _parts(path[len(prefix):])
        entries.append((mode, obj, int(size), path[len(prefix):]))
        if len(entries) > MAX_TREE_FILES or total > MAX_TREE_BYTES:
            raise GitSideError(f"git:{commit[:12]}: the tree holds more than "
                               f"{MAX_TREE_FILES:,} files or {MAX_TREE_BYTES:,} bytes")
    return entries


def _parts(path: str) -> list[str]:
    parts = path.split("/")
    if any(part in ("", ".", "..") for part in parts):
        raise GitSideError(f"the tree holds a path no checkout could write: {path!r}")
    return parts


class _Writer:
    """Writes the tree's files below one folder, never following a link."""

    def __init__(self, root: Path) -> None:
        self._root = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        self._folders: dict[tuple[str, ...], int] = {(): self._root}

    def close(self) -> None:
        for fd in self._folders.values():
            os.close(fd)
        self._folders.clear()

    def _folder(self, parts: tuple[str, ...]) -> int:
        fd = self._folders.get(parts)
        if fd is not None:
            return fd
        parent = self._folder(parts[:-1])
        with contextlib.suppress(FileExistsError):
            os.mkdir(parts[-1], 0o700, dir_fd=parent)
        fd = os.open(parts[-1], os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=parent)
        self._folders[parts] = fd
        return fd

    def link(self, path: str, target: str) -> None:
        parts = _parts(path)
        os.symlink(target, parts[-1], dir_fd=self._folder(tuple(parts[:-1])))

    def open(self, path: str, executable: bool) -> IO[bytes]:
        parts = _parts(path)
        fd = create_new(parts[-1], 0o755 if executable else 0o644,
                        dir_fd=self._folder(tuple(parts[:-1])))
        return os.fdopen(fd, "wb")


def _copy(source: IO[bytes], target: IO[bytes] | None, size: int) -> bytes:
    """Read ``size`` bytes (and git's newline after them) into ``target``, or return them."""
    kept = bytearray()
    left = size
    while left:
        chunk = source.read(min(_CHUNK, left))
        if not chunk:
            raise GitSideError("git cat-file ended early")
        left -= len(chunk)
        if target is None:
            kept += chunk
        else:
            target.write(chunk)
    source.read(1)
    return bytes(kept)


def _write_blobs(top: Path, entries: list[tuple[str, str, int, str]], folder: Path) -> None:
    process = subprocess.Popen(["git", "-C", str(top), "cat-file", "--batch"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    assert process.stdin is not None
    assert process.stdout is not None
    stdin, stdout = process.stdin, process.stdout

    def ask() -> None:
        with contextlib.suppress(BrokenPipeError), stdin:
            for _mode, obj, _size, _path in entries:
                stdin.write(obj.encode("ascii") + b"\n")

    asking = threading.Thread(target=ask, daemon=True)
    asking.start()
    writer = _Writer(folder)
    try:
        for mode, obj, size, path in entries:
            header = stdout.readline().split()
            if len(header) != 3 or header[0].decode("ascii") != obj or int(header[2]) != size:
                raise GitSideError(f"git cat-file gave an unexpected answer for {path!r}")
            if mode == "120000":
                target = _copy(stdout, None, size).decode("utf-8", "surrogateescape")
                writer.link(path, target)
                continue
            with writer.open(path, mode == "100755") as handle:
                _copy(stdout, handle, size)
    finally:
        writer.close()
        process.kill()
        process.wait()
        asking.join()


@contextlib.contextmanager
def exported(ref: str, cwd: Path) -> Iterator[Path]:
    """The folder ``cwd`` stands for, as it was at ``ref``, written to a private temporary
    folder (removed on the way out)."""
    top, prefix, commit = resolve(ref, cwd)
    entries = _entries(top, commit, prefix)
    temporary = Path(tempfile.mkdtemp(prefix="skill-catalog-diff-"))
    try:
        library = temporary / "library"
        library.mkdir(mode=0o700)
        _write_blobs(top, entries, library)
        yield library
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
