"""A builder run in a child process of its own, for ``serve``.

A build forks: its page workers and the writer of the site-wide files are forked children,
which inherit the loaded library instead of receiving it pickled. Forking is safe only in a
process with one thread: a child gets a copy of every lock as it was, and a lock that another
thread held at that moment (the one around ``sys.stderr``, while an HTTP thread logs a request)
stays held in the child for ever. Python 3.12 warns about it. The preview server has threads
(HTTP requests, the watcher), so its builds run in a process forked *before* those start, which
keeps one thread and forks its workers safely, build after build.

Only the folder to build travels to that process, and only a few counts and an error message
come back: the builder itself, with the configuration it closes over, is inherited.
"""

from __future__ import annotations

import dataclasses as dc
import multiprocessing
import os
import signal
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from skill_catalog.forking import can_fork


class BuildFailed(Exception):
    """The build in the child process raised (the message is its exception, as one line), or
    that process stopped."""


@dc.dataclass(slots=True, frozen=True)
class BuildCounts:
    """What ``serve`` reports of a successful build: the files a
    :class:`~skill_catalog.site.build.BuildResult` says were written and kept."""

    files: int | None
    kept: int | None


def build_counts(result: object) -> BuildCounts:
    """The counts of a builder's result (None for those it does not have)."""
    files, kept = getattr(result, "files", None), getattr(result, "kept", None)
    return BuildCounts(files if isinstance(files, int) else None,
                       kept if isinstance(kept, int) else None)


def _serve_builds(builder: Callable[[Path], object], requests: Connection,
                  parents_end: Connection) -> None:
    """The child's loop: build each folder asked for, answer with counts or the error."""
    parents_end.close()  # else the parent's end stays open here, and its exit goes unseen
    # A process group of its own, which :meth:`BuildProcess.close` ends with the workers in
    # it; and Ctrl-C, which a terminal sends to its foreground group, is the parent's to act on.
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            target = requests.recv()
        except (EOFError, OSError):  # the parent closed its end or is gone
            return
        try:
            answer: tuple[bool, object] = (True, build_counts(builder(target)))
        except BaseException as exc:  # SystemExit too: this loop must go on
            answer = (False, "".join(traceback.format_exception_only(type(exc), exc)).strip())
        try:
            requests.send(answer)
        except OSError:  # the parent is gone
            return


class BuildProcess:
    """Calls ``builder(target)`` in a child process forked when this object is made (so make
    it while the process still has one thread). Calls wait for the build; an exception in it
    is raised here as :class:`BuildFailed`. Where processes cannot be forked, the builder runs
    in this process."""

    def __init__(self, builder: Callable[[Path], object]) -> None:
        self._builder = builder
        self._process: multiprocessing.process.BaseProcess | None = None
        self._requests: Connection | None = None
        if can_fork():
            context = multiprocessing.get_context("fork")
            self._requests, theirs = context.Pipe()
            # Not daemonic: a daemonic process may not have the children a build forks.
            self._process = context.Process(target=_serve_builds,
                                            args=(builder, theirs, self._requests),
                                            name="skill-catalog-builds")
            self._process.start()
            theirs.close()

    @property
    def pid(self) -> int | None:
        """The child's process id (None when builds run in this process)."""
        return self._process.pid if self._process is not None else None

    def __call__(self, target: Path) -> object:
        if self._requests is None:
            return self._builder(target)
        try:
            self._requests.send(target)
            ok, value = self._requests.recv()
        except (EOFError, OSError):
            raise BuildFailed("the build process stopped") from None
        if not ok:
            raise BuildFailed(str(value))
        return value

    def close(self) -> None:
        """Stop the child and the processes of a build under way (whose temporary folder is
        left for the caller to remove with its workspace); idempotent."""
        if self._process is None:
            return
        pid = self._process.pid
        if pid is not None and self._process.is_alive():
            try:  # the child and the workers of a build under way
                os.killpg(pid, signal.SIGTERM)
            except OSError:  # its group is not made yet
                self._process.terminate()
        self._process.join()
        if self._requests is not None:
            self._requests.close()
        self._process = None

    def __enter__(self) -> BuildProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
