"""A builder run in a child process of its own, for ``serve``.

A build forks: its page workers and the writer of the site-wide files are forked children,
which inherit the loaded library instead of receiving it pickled. Forking is safe only in a
process with one thread: a child gets a copy of every lock as it was, and a lock that another
thread held at that moment (the one around ``sys.stderr``, while an HTTP thread logs a request)
stays held in the child for ever. Python 3.12 warns about it. The preview server has threads
(HTTP requests, the watcher), so its builds run in a process forked *before* those start, which
keeps one thread and forks its workers safely, build after build.

Only the folder to build travels to that process, and only a few counts and an error message
come back: the builder itself, with the configuration it closes over, is inherited. So is
what it keeps from build to build, which is why a last call, ``on_close``, runs there too when
the process is closed (``serve -o`` saves its session that way). Closed during a build, it
first asks that build to stop (SIGINT, raised there as :class:`KeyboardInterrupt` once, so that
the build's clean-up runs undisturbed): a build stopped before it moved anything into the site
leaves the site and what the session keeps of the last complete build as they were, and
``on_close`` saves that.
"""

from __future__ import annotations

import contextlib
import dataclasses as dc
import functools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from skill_catalog.errors import SkillCatalogError, describe
from skill_catalog.process.parallel import can_fork

Changes = frozenset[str] | None
"""Paths a watcher reported changed since the last build; None when anything may have changed
(a watcher that overflowed or failed, a full walk asked for): the library is then walked in
full."""


class BuildFailed(SkillCatalogError):
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


def _answer(call: Callable[[], object]) -> tuple[bool, object]:
    try:
        return True, call()
    except BaseException as exc:  # SystemExit too: the caller must get an answer
        return False, describe(exc)


_building = False
"""In the build process: whether a build is under way that SIGINT may still stop."""


def _stop_the_build(signum: int, frame: object) -> None:
    """SIGINT in the build process: the parent closing it asks the build under way to stop.
    Raised once per build (the build's clean-up runs undisturbed by the next one); ignored
    between builds."""
    global _building
    if _building:
        _building = False
        raise KeyboardInterrupt


def _build(builder: Callable[[Path], object], target: Path) -> BuildCounts:
    global _building
    _building = True
    try:
        return build_counts(builder(target))
    finally:
        _building = False


def _serve_builds(builder: Callable[[Path], object], on_close: Callable[[], object] | None,
                  on_changes: Callable[[Changes], object] | None,
                  requests: Connection, parents_end: Connection) -> None:
    """The child's loop: build each folder asked for (after telling ``on_changes`` the
    changes sent with it), answer with counts or the error; on None, run ``on_close``,
    answer, and end."""
    parents_end.close()  # else the parent's end stays open here, and its exit goes unseen
    # A process group of its own, which :meth:`BuildProcess.close` ends with the workers in
    # it; and Ctrl-C, which a terminal sends to its foreground group, is the parent's to act on:
    # SIGINT here comes from the parent, and stops a build under way only.
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, _stop_the_build)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked since the fork
    while True:
        try:
            request = requests.recv()
        except (EOFError, OSError):  # the parent closed its end or is gone
            return
        target, changes = request if request is not None else (None, None)
        if target is not None and on_changes is not None:
            on_changes(changes)
        if target is None:
            answer = _answer(on_close or (lambda: None))
        else:
            answer = _answer(functools.partial(_build, builder, target))
        try:
            requests.send(answer)
        except OSError:  # the parent is gone
            return
        if target is None:
            return


def _running(pid: int) -> bool:
    """Whether the child ``pid`` runs (not waited for, if it ended)."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
    except ChildProcessError:
        return False


def _unwaited(pid: int) -> bool:
    """Whether the child ``pid`` runs, or has ended and is not waited for yet: its number, and
    so its process group's, is then nobody else's."""
    try:
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return False
    return True


class BuildProcess:
    """Calls ``builder(target)`` in a child process forked when this object is made (so make
    it while the process still has one thread). Calls wait for the build; an exception in it
    is raised here as :class:`BuildFailed`. Where processes cannot be forked, the builder runs
    in this process.

    :param on_close: called where the builder runs when the process is closed, once no build
        is under way: a build under way is asked to stop first (where builds run in this
        process, it cannot be, and ``on_close`` is not called).
    :param on_changes: called where the builder runs, before each build, with what
        :meth:`changed` gathered since the last build (the paths changed, None for anything).
    """

    CLOSE_TIMEOUT = 120.0
    """How long :meth:`close` waits for ``on_close`` before it stops the process anyway."""
    STOP_TIMEOUT = 10.0
    """How long :meth:`close` waits for a build under way to stop when asked before it stops
    the process (and ``on_close`` is not called)."""
    STOP_INTERVAL = 0.1
    """How often :meth:`close` asks again meanwhile (a request that arrives as the build
    starts is not seen)."""

    def __init__(self, builder: Callable[[Path], object],
                 on_close: Callable[[], object] | None = None,
                 on_changes: Callable[[Changes], object] | None = None) -> None:
        self._builder = builder
        self._on_close = on_close
        self._on_changes = on_changes
        self._changes: set[str] | None = set()
        """What :meth:`changed` gathered for the next build (None: anything)."""
        self._changes_lock = threading.Lock()
        self._busy = threading.Lock()
        """Held while a build runs (so that :meth:`close` knows whether one is under way)."""
        self._process: multiprocessing.process.BaseProcess | None = None
        self._requests: Connection | None = None
        self._unanswered = False
        """Whether a call stopped waiting for its build (Ctrl-C during ``serve``'s first
        build): the build goes on, and its answer is still to come."""
        if can_fork():
            context = multiprocessing.get_context("fork")
            self._requests, theirs = context.Pipe()
            # Not daemonic: a daemonic process may not have the children a build forks.
            self._process = context.Process(target=_serve_builds,
                                            args=(builder, on_close, on_changes, theirs,
                                                  self._requests),
                                            name="skill-catalog-builds")
            # Ctrl-C arriving before the child ignores it would end it: it is blocked across
            # the fork (the child inherits the mask, and unblocks it once it ignores it).
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                self._process.start()
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            theirs.close()

    @property
    def pid(self) -> int | None:
        """The child's process id (None when builds run in this process)."""
        return self._process.pid if self._process is not None else None

    def changed(self, changes: Changes) -> None:
        """Gather paths changed (None: anything) for the next build's ``on_changes``."""
        with self._changes_lock:
            if changes is None or self._changes is None:
                self._changes = None
            else:
                self._changes.update(changes)

    def _taken_changes(self) -> Changes:
        with self._changes_lock:
            changes, self._changes = self._changes, set()
        return None if changes is None else frozenset(changes)

    def __call__(self, target: Path) -> object:
        with self._busy:
            changes = self._taken_changes()
            if self._requests is None:
                if self._on_changes is not None:
                    self._on_changes(changes)
                return self._builder(target)
            return self._ask((target, changes))

    def _ask(self, request: tuple[Path, Changes] | None) -> object:
        assert self._requests is not None
        try:
            self._requests.send(request)
            self._unanswered = request is not None
            if request is None and not self._requests.poll(self.CLOSE_TIMEOUT):
                raise BuildFailed("the build process did not finish in time")
            ok, value = self._requests.recv()
            self._unanswered = False
        except (EOFError, OSError):
            raise BuildFailed("the build process stopped") from None
        if not ok:
            raise BuildFailed(str(value))
        return value

    def close(self) -> None:
        """Call ``on_close`` where the builder runs once no build is under way (a build under
        way is asked to stop, :data:`STOP_TIMEOUT` at most); then stop the child and the
        processes of a build that did not stop (whose temporary folder is left for the caller
        to remove with its workspace); idempotent. Without ``on_close``, a build under way is
        not waited for. A failing ``on_close`` raises :class:`BuildFailed` once the process is
        stopped."""
        on_close, self._on_close = self._on_close, None  # once at most
        try:
            if on_close is not None and self._idle():
                try:
                    if self._requests is None:
                        ok, value = _answer(on_close)
                        if not ok:
                            raise BuildFailed(str(value))
                    elif self._process is not None and self._process.is_alive():
                        self._ask(None)
                finally:
                    self._busy.release()
        finally:
            self._stop()

    def _idle(self) -> bool:
        """Take :attr:`_busy` with no build under way: at once when there is none, else once
        the build, asked to stop, has answered; False (nothing taken) if it does not within
        :data:`STOP_TIMEOUT`."""
        if not self._busy.acquire(blocking=False) and not self._stop_build(
                lambda: self._busy.acquire(timeout=self.STOP_INTERVAL)):
            return False
        if self._unanswered:  # a build nobody waits for any more: stopped, its answer dropped
            requests = self._requests
            assert requests is not None
            try:
                if not self._stop_build(lambda: requests.poll(self.STOP_INTERVAL)):
                    self._busy.release()
                    return False
                requests.recv()
            except (EOFError, OSError):
                self._busy.release()
                return False
            self._unanswered = False
        return True

    def _stop_build(self, stopped: Callable[[], bool]) -> bool:
        """Ask the build under way to stop (SIGINT to the build process, repeated every
        :data:`STOP_INTERVAL`: one that comes as the build starts is not seen) until
        ``stopped()``, :data:`STOP_TIMEOUT` at most; whether it did."""
        process = self._process
        if process is None or process.pid is None:  # builds run here: none can be stopped
            return False
        give_up = time.monotonic() + self.STOP_TIMEOUT
        while time.monotonic() < give_up and _running(process.pid):
            with contextlib.suppress(OSError):
                os.kill(process.pid, signal.SIGINT)
            if stopped():
                return True
        return False

    def _stop(self) -> None:
        if self._process is None:
            return
        pid = self._process.pid
        if pid is not None and _unwaited(pid):
            try:  # the child and whatever a build left in its group
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
