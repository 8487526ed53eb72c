"""Writing the files a build keeps beside its site without ever following a link.

The build state, the skill cache, the lock and the journal of an update sit beside the output
folder (``.<site>.*``), which often lies in a checkout: a link committed at one of those names
(by a pull request, say) must not make a build create, truncate or overwrite the file it points
to. Every such file is opened here with ``O_NOFOLLOW`` and checked to be a regular file once
open; a new one is created with ``O_CREAT | O_EXCL`` (which never follows a link either) under
a temporary name and renamed over its own name (a rename replaces a link itself, never what it
points to). A link found at one of these names is refused with :class:`OutputError`, which
names it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from skill_catalog.errors import SkillCatalogError

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_LINK_ERRNOS = frozenset({errno.ELOOP, getattr(errno, "EMLINK", errno.ELOOP),
                          getattr(errno, "EFTYPE", errno.ELOOP)})
"""What ``open`` with ``O_NOFOLLOW`` says of a link (ELOOP; EMLINK on FreeBSD, EFTYPE on
NetBSD)."""


class OutputError(SkillCatalogError):
    """Writing the site would be unsafe (a path escapes, a file is written twice, a foreign
    folder would be replaced, a link stands where the build writes)."""


def link_refused(path: str | os.PathLike[str],
                 remedy: str = "remove it, or build into another folder") -> OutputError:
    """The error for a link found where the build writes ``path``."""
    try:
        target = f" (to {os.readlink(path)})"
    except OSError:
        target = ""
    return OutputError(
        f"{path} is a symbolic link{target}: refusing to write through it (skill-catalog never "
        f"makes links there; {remedy})")


def is_link(path: str | os.PathLike[str]) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


def refuse_link(path: str | os.PathLike[str]) -> None:
    """Raise :class:`OutputError` if ``path`` is a symbolic link (dangling or not)."""
    if is_link(path):
        raise link_refused(path)


def open_regular(path: str | os.PathLike[str], flags: int, mode: int = 0o666) -> int:
    """``os.open`` of ``path`` never following a link at its last part (a link there is refused
    with :class:`OutputError`), and only if what is open is a regular file (a FIFO or device is
    refused too, without blocking on it)."""
    try:
        fd = os.open(path, flags | NOFOLLOW | _CLOEXEC | os.O_NONBLOCK, mode)
    except OSError as exc:
        if exc.errno in _LINK_ERRNOS and is_link(path):
            raise link_refused(path) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OutputError(f"{path} is not a regular file: refusing to use it")
        if os.O_NONBLOCK:
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def create_new(path: str | os.PathLike[str], mode: int = 0o666, *,
               dir_fd: int | None = None) -> int:
    """A new file at ``path`` (relative to the folder ``dir_fd`` when given) open for writing
    (``O_CREAT | O_EXCL``: never through a link, never an existing file)."""
    try:
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | _CLOEXEC, mode,
                       dir_fd=dir_fd)
    except FileExistsError:
        if dir_fd is None and is_link(path):
            raise link_refused(path) from None
        raise


def _clear_temporary(temp: Path) -> None:
    """Remove what a killed build left at the temporary name ``temp`` (a regular file); a link
    there is refused."""
    with contextlib.suppress(FileNotFoundError):
        if stat.S_ISLNK(os.lstat(temp).st_mode):
            raise link_refused(temp)
        os.unlink(temp)


def temporary_for(path: Path) -> Path:
    """The temporary name a new ``path`` is written under before it is renamed into place."""
    return path.with_name(path.name + ".tmp")


def replace_file(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Write ``path`` anew with ``write``: into a new file at :func:`temporary_for`, renamed
    over ``path`` once complete (readers see the old file or the new one). A link at either
    name is refused; an interrupted write leaves no temporary file behind."""
    refuse_link(path)
    temp = temporary_for(path)
    _clear_temporary(temp)
    fd = create_new(temp)
    try:
        with os.fdopen(fd, "wb", buffering=1 << 16) as handle:
            write(handle)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def write_file(path: str | os.PathLike[str], data: bytes, *, bases: Sequence[Path] = ()) -> None:
    """Write ``data`` to ``path``, a file a user named (``-o``, a search index's folder), the
    one way skill-catalog writes a file outside a site it builds: into a new file under a
    random temporary name beside it (``O_CREAT | O_EXCL``, never through a link), renamed over
    ``path`` once complete. So a link at ``path`` (committed by a pull request, say) is refused,
    never written through, and neither is a link among the folders that lead to it from any of
    ``bases`` (the working folder: where a checkout could have planted one); a hard link at
    ``path`` is replaced, not written into. Every failure (a missing or unwritable folder, a
    folder at ``path``) is an :class:`OutputError` naming ``path`` and why.
    """
    path = Path(path)
    spelled = path.absolute()
    for base in bases:
        linked = linked_folder(spelled.parent, base.absolute())
        if linked is not None:
            raise OutputError(f"{linked} is a symbolic link on the way to {path}: refusing to "
                              "write through it (give the folder it leads to, or another)")
    if is_link(path):
        raise link_refused(path, "remove it, or choose another file")
    temp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    try:
        fd = create_new(temp)
        try:
            with os.fdopen(fd, "wb", buffering=1 << 16) as handle:
                handle.write(data)
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {_why(exc, path)}") from None


def _why(exc: OSError, path: Path) -> str:
    """Why ``path`` could not be written, in words (the folder missing, not writable...)."""
    folder = path.parent
    if exc.errno == errno.ENOENT and not folder.is_dir():
        return f"the folder {folder} does not exist"
    if exc.errno == errno.ENOTDIR:
        return f"{folder} is not a folder"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"the folder {folder} cannot be written ({os.strerror(exc.errno)})"
    if exc.errno == errno.EISDIR or path.is_dir():
        return "it is a folder"
    return exc.strerror or str(exc)


def write_new(path: Path, data: bytes) -> None:
    """Create ``path`` holding ``data`` (it must not exist: see :func:`create_new`)."""
    fd = create_new(path)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


@contextlib.contextmanager
def opened_regular(path: Path, flags: int) -> Iterator[BinaryIO]:
    """:func:`open_regular` as a binary file object (read, or read and write with
    ``os.O_RDWR``)."""
    fd = open_regular(path, flags)
    with os.fdopen(fd, "r+b" if flags & os.O_RDWR else "rb") as handle:
        yield handle


def linked_folder(folder: Path, base: Path) -> Path | None:
    """The first folder from ``base`` (excluded) down to ``folder`` (included) that is a link,
    or None (also when ``folder`` does not lie below ``base``). Both are absolute paths, taken
    as they are spelled."""
    try:
        parts = folder.relative_to(base).parts
    except ValueError:
        return None
    current = base
    for part in parts:
        current = current / part
        if is_link(current):
            return current
    return None


__all__ = [
    "OutputError", "create_new", "is_link", "link_refused", "linked_folder", "open_regular",
    "opened_regular", "refuse_link", "replace_file", "temporary_for", "write_file", "write_new",
]
