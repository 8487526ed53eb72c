"""Reading files without ever blocking on a FIFO, following a device, or reading without bound."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from skill_catalog.discovery.walk import is_within


class UnsafeFile(OSError):
    """The path is not a regular file (FIFO, device, socket, folder)."""


_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def read_bytes(path: str | Path, limit: int, *, follow: bool = True) -> tuple[bytes, bool]:
    """Read at most ``limit`` bytes of a regular file. Returns (data, truncated).

    The file is opened non-blocking and checked with fstat after opening, so a file swapped for a
    FIFO or device between the walk and the read is refused instead of hanging the build.
    ``follow=False`` refuses a symbolic link (as the last part of the path).
    """
    fd = os.open(path, _READ_FLAGS if follow else _READ_FLAGS | getattr(os, "O_NOFOLLOW", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafeFile(f"{path} is not a regular file")
        data = read_at_most(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        return data[:limit], True
    return data, False


def read_bytes_inside(path: str | Path, boundary: str, limit: int) -> tuple[bytes, bool]:
    """:func:`read_bytes` of ``path`` only if its real path lies inside ``boundary`` (itself a
    real path, e.g. the library root's), the walk's containment rule: a file replaced by a
    link to somewhere else after the walk is refused (:class:`UnsafeFile`). The resolved path
    is opened without following a link, so it cannot become one in between."""
    real = os.path.realpath(path)
    if not is_within(real, boundary):
        raise UnsafeFile(f"{path} resolves outside {boundary}")
    return read_bytes(real, limit, follow=False)


def sha256_file(path: str | Path) -> str:
    """The SHA-256 of a regular file, read in chunks (opened as :func:`read_bytes` does)."""
    fd = os.open(path, _READ_FLAGS)
    with os.fdopen(fd, "rb", buffering=0) as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafeFile(f"{path} is not a regular file")
        return hashlib.file_digest(handle, "sha256").hexdigest()


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
    successor by their spans (e.g. :func:`skill_catalog.site.serialize.streamed_spans`):
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
