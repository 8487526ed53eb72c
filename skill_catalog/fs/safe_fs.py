"""Reading files without ever blocking on a FIFO, following a device, or reading without bound,
and reading a library's files without ever leaving its root (:func:`open_inside`)."""

from __future__ import annotations

import contextlib
import dataclasses as dc
import errno
import hashlib
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from skill_catalog.fs.walk import DEFAULT_SKIP_DIRS, is_within


class UnsafeFile(OSError):
    """The path is not a regular file (FIFO, device, socket, folder), or it leads out of the
    folder it must stay in."""


class LeavesFolder(UnsafeFile):
    """The path, through a symbolic link or ``..``, leads out of the folder it must stay in."""


class SkippedFolder(UnsafeFile):
    """The path passes through a folder that is never read (``.git``, ``node_modules``...)."""


class IsFolder(UnsafeFile):
    """The path names a folder, not a file."""


_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIR_FLAGS = (getattr(os, "O_PATH", os.O_RDONLY) | getattr(os, "O_DIRECTORY", 0)
              | getattr(os, "O_CLOEXEC", 0))
"""A folder on the way, opened only to open what it holds (``O_PATH`` where there is one: no
read permission needed, as for a path)."""
MAX_LINKS = 40
"""Symbolic links followed on one path before giving up (Linux's own bound)."""
_BY_COMPONENT = {os.open, os.readlink} <= os.supports_dir_fd and bool(_NOFOLLOW)
"""Whether this system opens a path component by component (every POSIX system)."""


def open_inside(
    root: str | os.PathLike[str], path: str | os.PathLike[str], *,
    skip_dir: Callable[[str], bool] = DEFAULT_SKIP_DIRS.__contains__,
) -> tuple[int, tuple[str, ...]]:
    """Open regular file ``path`` below folder ``root`` for reading, never leaving ``root``.

    ``path`` is relative to ``root`` (``/``-separated), or lies lexically below it (as the
    walk's locations do). It is opened one component at a time, each folder with
    ``O_NOFOLLOW`` relative to the one before (``openat``): a symbolic link met on the way is
    read and its target followed by the same steps, so that a folder swapped for a link to
    ``/etc`` after the walk is found out when it is opened, not checked by a path earlier
    and opened later. Nothing outside ``root`` is ever opened, and no folder that the walk
    skips by name (``skip_dir``: ``.git``, ``node_modules``...) is passed through. A link
    that leaves ``root`` and comes back into it (``../root/x``) is followed as the walk
    follows it, by the real path of its target.

    Returns the open descriptor (``O_NONBLOCK``: a FIFO cannot block) and the names of the
    file's real path below ``root``.

    :raises UnsafeFile: the path leads out of ``root`` or through a skipped folder, or ends
        at something that is not a regular file.
    :raises OSError: a component is missing or cannot be opened.
    """
    top = os.fspath(root)
    pending = _components(top, os.fspath(path))
    if not _BY_COMPONENT:  # no openat: the real path, checked, then opened without following
        real = os.path.realpath(os.path.join(top, *pending))
        inner = _below(top, real, os.fspath(path))
        _check_skipped(inner, skip_dir, os.fspath(path))
        fd = os.open(real, _READ_FLAGS | _NOFOLLOW)
        return _regular(fd, os.fspath(path)), tuple(inner)
    pending.reverse()  # a stack: the next name last
    kept = _KEPT
    here: list[str] = []
    fds: list[int] = []
    owned: list[bool] = []
    """Whether each of ``fds`` is this call's to close (not one :data:`_KEPT` holds)."""

    def enter(name: str | None) -> None:
        """Open folder ``name`` of the last one (the root itself for None), or take it from
        the folders kept open."""
        key = (top, *here, name) if name is not None else (top,)
        fd = kept.get(key) if kept is not None else None
        own = fd is None
        if fd is None:
            fd = (os.open(top, _DIR_FLAGS) if name is None else
                  os.open(name, _DIR_FLAGS | _NOFOLLOW, dir_fd=fds[-1]))
            if kept is not None and len(kept) < MAX_KEPT:
                kept[key] = fd
                own = False
        fds.append(fd)
        owned.append(own)
        if name is not None:
            here.append(name)

    def leave() -> None:
        fd = fds.pop()
        if owned.pop():
            os.close(fd)
        if here:
            here.pop()

    enter(None)
    links = 0
    try:
        while pending:
            name = pending.pop()
            if name in ("", "."):
                continue
            if name == "..":
                if here:
                    leave()
                    continue
                # Above the root: only the real path of the rest can tell whether it returns.
                links += 1
                rest = os.path.join(top, "..", *reversed(pending))
                pending = _below(top, os.path.realpath(rest), os.fspath(path))[::-1]
                continue
            last = not pending
            if skip_dir(name):  # a .git file too: Git's pointer to a repository
                raise SkippedFolder(f"{os.fspath(path)}: goes through "
                                    f"{'/'.join([*here, name])}, which is never read (the "
                                    f"walk skips '{name}')")
            try:
                if not last:
                    enter(name)
                    continue
                fd = os.open(name, _READ_FLAGS | _NOFOLLOW, dir_fd=fds[-1])
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                    raise
                try:
                    target = os.readlink(name, dir_fd=fds[-1])
                except OSError:
                    raise exc from None
                links += 1
                if links > MAX_LINKS:
                    raise OSError(errno.ELOOP, "too many levels of symbolic links",
                                  os.fspath(path)) from None
                if os.path.isabs(target):  # from the root again, if it leads back inside
                    pending = _below(top, os.path.realpath(os.path.join(target, *reversed(
                        pending))), os.fspath(path))[::-1]
                    while len(fds) > 1:
                        leave()
                else:
                    pending.extend(reversed(target.split("/")))
                continue
            return _regular(fd, os.fspath(path)), (*here, name)
    finally:
        for fd, own in zip(fds, owned, strict=True):
            if own:
                os.close(fd)
    raise IsFolder(f"{os.fspath(path)} is a folder, not a file")


_KEPT: dict[tuple[str, ...], int] | None = None
"""The folders :func:`open_inside` opened, by root and names below it, while
:func:`folders_kept_open` is in force (None otherwise)."""
MAX_KEPT = 1024
"""Folders kept open at most (descriptors; more are opened and closed as without keeping)."""


@contextlib.contextmanager
def folders_kept_open() -> Iterator[None]:
    """Within the block, :func:`open_inside` keeps each folder it opens open, for the block's
    later reads below it: the files of a skill are read several times in a build (inventory,
    pages, copies, zips), each of which would open every folder from the root down again.

    A folder kept open is the one that was found inside the root, component by component,
    when it was first opened: should it be swapped for a link later, reads through it still
    come from that folder, never from where the link leads. The block is one load or one
    build (a later one opens afresh: folders may have been renamed meanwhile); processes
    forked inside it keep their own copies."""
    global _KEPT
    if _KEPT is not None:  # nested: the outer block keeps them
        yield
        return
    kept: dict[tuple[str, ...], int] = {}
    _KEPT = kept
    try:
        yield
    finally:
        _KEPT = None
        for fd in kept.values():
            os.close(fd)


def _components(root: str, path: str) -> list[str]:
    """The names of ``path`` below ``root`` (``path`` relative, or lexically below it)."""
    if os.path.isabs(path):
        prefix = root.rstrip(os.sep) + os.sep
        if not path.startswith(prefix):
            raise LeavesFolder(f"{path} is not below {root}")
        path = path[len(prefix):]
    return path.replace(os.sep, "/").split("/")


def _below(root: str, real: str, path: str) -> list[str]:
    """The names of real path ``real`` below ``root``'s real path; :class:`UnsafeFile` when it
    is not inside."""
    top = os.path.realpath(root)
    if not is_within(real, top):
        raise LeavesFolder(f"{path} resolves outside {root}")
    return real[len(top.rstrip(os.sep)) + 1:].split(os.sep) if real != top else []


def _check_skipped(folders: list[str], skip_dir: Callable[[str], bool], path: str) -> None:
    for index, name in enumerate(folders):
        if skip_dir(name):
            raise SkippedFolder(f"{path}: goes through {'/'.join(folders[: index + 1])}, "
                                f"which is never read (the walk skips '{name}')")


def _regular(fd: int, path: str) -> int:
    """``fd`` if it is a regular file; else it is closed and :class:`UnsafeFile` raised."""
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsFolder(f"{path} is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise UnsafeFile(f"{path} is not a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_limited(path: str | Path, limit: int, *, follow: bool = True,
                 dir_fd: int | None = None) -> tuple[bytes, bool]:
    """Read at most ``limit`` bytes of a regular file. Returns (data, truncated).

    The file is opened non-blocking and checked with fstat after opening, so a file swapped for a
    FIFO or device between the walk and the read is refused instead of hanging the build.
    ``follow=False`` refuses a symbolic link (as the last part of the path); ``dir_fd`` is the
    open folder a relative ``path`` is in.
    """
    flags = _READ_FLAGS if follow else _READ_FLAGS | _NOFOLLOW
    return _read_limited(_regular(os.open(path, flags, dir_fd=dir_fd), str(path)), limit)


def _read_limited(fd: int, limit: int) -> tuple[bytes, bool]:
    """At most ``limit`` bytes of open file ``fd``, which is closed, and whether there were
    more."""
    try:
        data = read_at_most(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        return data[:limit], True
    return data, False


def read_limited_inside(root: str | Path, path: str | Path, limit: int) -> tuple[bytes, bool]:
    """:func:`read_limited` of ``path``, opened by :func:`open_inside` (never leaving folder
    ``root``, e.g. the library root: a file or folder replaced by a link to somewhere else
    after the walk is refused with :class:`UnsafeFile`); within :func:`files_read_once`, from
    the one read of the file."""
    if _READS is not None:
        return _READS.read(str(root), str(path), limit)
    return _read_limited(open_inside(root, path)[0], limit)


def sha256_inside(root: str | Path, path: str | Path) -> str:
    """The SHA-256 of regular file ``path``, opened by :func:`open_inside` and read in
    chunks; within :func:`files_read_once`, from the one read of the file."""
    if _READS is not None:
        return _READS.sha256(str(root), str(path))
    fd, _names = open_inside(root, path)
    with os.fdopen(fd, "rb", buffering=0) as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


KEEP_BYTES = 1 << 20
"""How much of each file :func:`files_read_once` keeps (more when a read asks for more:
SKILL.md up to its limit); the trust scan reads 512 KiB of a file, the reference check 1 MiB,
the inventory its first bytes."""
KEEP_TOTAL = 64 << 20
"""What :func:`files_read_once` keeps at most in all; files read past it are kept no longer
than the read that asked for them (a later read opens them again)."""


@dc.dataclass(slots=True, frozen=True)
class _Kept:
    """What one read of a file gave: its first bytes (when they are not the whole file, one
    more than it keeps, which says that there are more), whether they are the whole file,
    and its SHA-256 (None when the read did not go to the end)."""

    head: bytes
    complete: bool
    sha256: str | None


class _Reads:
    """The files read within one :func:`files_read_once` block, by root and path."""

    def __init__(self) -> None:
        self.files: dict[tuple[str, str], _Kept | OSError] = {}
        self.total = 0

    def read(self, root: str, path: str, limit: int) -> tuple[bytes, bool]:
        kept = self.files.get((root, path))
        if isinstance(kept, OSError):
            raise kept
        if kept is None or not (kept.complete or limit < len(kept.head)):
            kept = self._read(root, path, limit, digest=False)
        return kept.head[:limit], len(kept.head) > limit or not kept.complete

    def sha256(self, root: str, path: str) -> str:
        kept = self.files.get((root, path))
        if isinstance(kept, OSError):
            raise kept
        if kept is not None and kept.sha256 is not None:
            return kept.sha256
        if kept is not None and kept.complete:
            kept = _Kept(kept.head, True, hashlib.sha256(kept.head).hexdigest())
            self.files[(root, path)] = kept
            return kept.sha256 or ""
        return self._read(root, path, 0, digest=True).sha256 or ""

    def _read(self, root: str, path: str, limit: int, *, digest: bool) -> _Kept:
        """Open and read the file once: up to what is kept of it (or ``limit``), and to its
        end for its digest."""
        keep = max(limit, KEEP_BYTES) if self.total < KEEP_TOTAL else limit
        try:
            fd, _names = open_inside(root, path)
            try:
                head = read_at_most(fd, keep + 1)
                complete = len(head) <= keep
                sha = None
                if digest:
                    hasher = hashlib.sha256(head)
                    while not complete and (chunk := os.read(fd, 1 << 20)):
                        hasher.update(chunk)
                    sha = hasher.hexdigest()
            finally:
                os.close(fd)
        except OSError as exc:
            self.files[(root, path)] = exc
            raise
        kept = _Kept(head, complete, sha)  # incomplete: one byte more than kept, as a read
        self.files[(root, path)] = kept
        self.total += len(head)
        return kept


_READS: _Reads | None = None
"""The files read within :func:`files_read_once` (None outside it)."""


@contextlib.contextmanager
def files_read_once() -> Iterator[None]:
    """Within the block, each file :func:`read_limited_inside` and :func:`sha256_inside` are
    asked for is opened and read once: later reads of it (as far as it was kept,
    :data:`KEEP_BYTES`) and its digest come from that read. The block is one skill's turn in
    a load: its fingerprint, its parse and inventory, the rules that read its references and
    the trust scan read each of its files once, and every one of them sees the same bytes. A
    file that could not be opened gives the same error each time."""
    global _READS
    outer = _READS
    _READS = _Reads()
    try:
        yield
    finally:
        _READS = outer


def read_at_most(fd: int, count: int) -> bytes:
    """Up to ``count`` bytes from an open file descriptor (fewer at its end)."""
    chunks: list[bytes] = []
    while count > 0:
        chunk = os.read(fd, min(count, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


class EarlierFile:
    """A file written before, from which the parts that did not change are copied into its
    successor by their spans (e.g. :func:`skill_catalog.site.write.serialize.streamed_spans`):
    copying is a fraction of encoding, and nothing is held in memory meanwhile. The file must
    still be the one the spans were taken from (device, inode, size and time are compared when
    it is opened); if not, :meth:`read` gives None and the caller encodes afresh."""

    __slots__ = ("_fd", "identity", "path")

    def __init__(self, path: str | os.PathLike[str], identity: tuple[int, ...]) -> None:
        self.path = path
        self.identity = identity
        self._fd: int | None = None

    @staticmethod
    def identity_of(st: os.stat_result) -> tuple[int, ...]:
        return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)

    def read(self, start: int, end: int) -> str | None:
        """The text at [start, end), or None when the file is gone or another."""
        if self._fd is None:
            try:
                fd = os.open(self.path, _READ_FLAGS)
            except OSError:
                self._fd = -1
                return None
            if self.identity_of(os.fstat(fd)) != self.identity:
                os.close(fd)
                fd = -1
            self._fd = fd
        if self._fd < 0:
            return None
        data = os.pread(self._fd, end - start, start)
        return data.decode("utf-8") if len(data) == end - start else None

    def close(self) -> None:
        if self._fd is not None and self._fd >= 0:
            os.close(self._fd)
        self._fd = -1

    def __del__(self) -> None:  # a failed build drops it unclosed
        self.close()


def earlier_text(source: EarlierFile | None, span: tuple[int, int] | None) -> str | None:
    """The text an item had in ``source`` at ``span``, to be copied as it is; None when there
    is no earlier file or span, or the file is gone or another (the item is encoded afresh)."""
    if source is None or span is None:
        return None
    return source.read(*span)
