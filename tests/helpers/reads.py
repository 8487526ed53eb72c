"""What a load reads and runs: reads recorded, runs without privileges, lines run, catalogs
dumped."""

from __future__ import annotations

import builtins
import contextlib
import io
import os
import pickle
import select
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import pytest

from skill_catalog.catalog import Catalog

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
PROC_FDS = os.path.isdir("/proc/self/fd")
"""Whether the real path of an open descriptor can be read (Linux)."""
NOBODY = 65534
CHILD_TIMEOUT = 120
T = TypeVar("T")

def run_unprivileged(func: Callable[[], T]) -> T:
    """Run ``func`` in a forked child that has dropped root for ``nobody``, and return its
    result: how a permission problem is observed when the tests run as root."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
        except OSError as exc:
            payload = pickle.dumps(("no-setuid", str(exc)))
        else:
            try:
                payload = pickle.dumps(("ok", func()))
            except BaseException as exc:
                payload = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"))
        with os.fdopen(write_fd, "wb") as out:
            out.write(payload)
        os._exit(0)
    os.close(write_fd)
    chunks: list[bytes] = []
    with os.fdopen(read_fd, "rb", buffering=0) as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], CHILD_TIMEOUT)
            if not ready:  # a child stuck on a lock inherited through fork: fail, do not hang
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise AssertionError(f"the unprivileged child gave no answer in {CHILD_TIMEOUT}s")
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    status, value = pickle.loads(b"".join(chunks))
    if status == "no-setuid":
        # Root that cannot become another user (a user namespace without that uid) cannot
        # observe a permission problem at all; the root view is still checked by the caller.
        pytest.skip(f"cannot drop root privileges here: {value}")
    if status != "ok":
        raise AssertionError(f"unprivileged run failed: {value}")
    return value  # type: ignore[no-any-return]


@contextlib.contextmanager
def world_readable_tmp() -> Iterator[Path]:
    """A temporary folder that an unprivileged user can enter (pytest's is root-only)."""
    folder = Path(tempfile.mkdtemp(prefix="skill-catalog-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def recording_reads() -> Iterator[list[str]]:
    """Record (as real paths) every file opened and every folder listed inside the block
    (a file or folder opened with ``os.open`` by the real path of its descriptor, so that one
    opened relative to a folder's descriptor, ``dir_fd``, counts where it really is)."""
    seen: list[str] = []
    real_os_open, real_open, real_scandir = os.open, builtins.open, os.scandir

    def spy_os_open(path: Any, *args: Any, **kwargs: Any) -> int:
        fd = real_os_open(path, *args, **kwargs)
        # What was opened, as the kernel says (a name relative to dir_fd, a link not followed).
        seen.append(os.readlink(f"/proc/self/fd/{fd}") if PROC_FDS else
                    os.fsdecode(os.path.realpath(path)))
        return fd

    def spy_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, str | bytes | os.PathLike):
            seen.append(os.fsdecode(os.path.realpath(file)))
        return real_open(file, *args, **kwargs)

    def spy_scandir(path: Any = ".") -> Any:
        if isinstance(path, str | bytes | os.PathLike):
            seen.append(os.fsdecode(os.path.realpath(path)))
        return real_scandir(path)

    os.open, builtins.open, io.open, os.scandir = (
        spy_os_open, spy_open, spy_open, spy_scandir)
    try:
        yield seen
    finally:
        os.open, builtins.open, io.open, os.scandir = (
            real_os_open, real_open, real_open, real_scandir)


def load_dump(catalog: Catalog) -> list[Any]:
    """Everything a load gives, to compare loads."""
    return [[(s.dir, s.skill_md, s.frontmatter, repr(s.frontmatter), s.lines, s.body_utf8,
              s.body_line, s.files, s.files_truncated, s.source, s.parsed, s.nested_in,
              s.diagnostics) for s in catalog.skills], list(catalog.diagnostics)]


def lines_run(call: Callable[[], object]) -> int:
    """How many lines of Python (any module's) ``call()`` runs: work counted, not timed."""
    count = 0

    def line(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        count += 1
        return line

    previous = sys.gettrace()
    sys.settrace(line)
    try:
        call()
    finally:
        sys.settrace(previous)
    return count
