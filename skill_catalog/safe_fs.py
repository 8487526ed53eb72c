"""Reading files without ever blocking on a FIFO, following a device, or reading without bound."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path


class UnsafeFile(OSError):
    """The path is not a regular file (FIFO, device, socket, folder)."""


_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


def read_bytes(path: str | Path, limit: int) -> tuple[bytes, bool]:
    """Read at most ``limit`` bytes of a regular file. Returns (data, truncated).

    The file is opened non-blocking and checked with fstat after opening, so a file swapped for a
    FIFO or device between the walk and the read is refused instead of hanging the build.
    """
    fd = os.open(path, _READ_FLAGS)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafeFile(f"{path} is not a regular file")
        data = read_at_most(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        return data[:limit], True
    return data, False


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
