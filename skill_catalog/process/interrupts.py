"""Ctrl-C and ``kill`` during a build: the parent stops, its children keep quiet, renames finish.

A terminal sends Ctrl-C (SIGINT) to its whole foreground process group, so a build's forked
children (the load's shares, the page workers, the writer of the site-wide files) get it too.
They ignore it (:func:`quiet_child`; it is blocked across the fork by :func:`blocked_for_fork`,
so that none arrives before): only the parent raises :class:`KeyboardInterrupt`, stops its
children (with SIGTERM, which ends them at once and silently) and removes its temporary folder.
A ``kill`` (SIGTERM) of the command does the same through :class:`Terminated`
(:func:`terminate_as_interrupt`). The pair of renames that swaps a new site in is never cut in
two: signals are held back for them (:func:`deferred`).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

_STOPS = (signal.SIGINT, signal.SIGTERM)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised as Ctrl-C is, so that the same clean-up runs."""


def exit_status(exc: KeyboardInterrupt) -> int:
    """The status of a command stopped by ``exc``: 128 plus the signal's number, as a shell
    reports a process the signal ended (130 for Ctrl-C, 143 for ``kill``)."""
    return 128 + int(signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """During the block, SIGTERM raises :class:`Terminated` in the main thread (where it is
    left at its default, which ends the process without any clean-up)."""
    if not _in_main_thread() or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return
    signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextlib.contextmanager
def blocked_for_fork() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back in this thread while children are forked (threads started
    meanwhile, such as a pool's, keep them held back for good, so that they fork their later
    children the same way). A child inherits the mask, and :func:`quiet_child` sets what it
    does with them before letting them through."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def quiet_child() -> None:
    """In a forked child: Ctrl-C is the parent's to act on, and SIGTERM (which the parent
    stops it with) ends it at once, whatever handler the parent had set."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back during the block (work that must not be cut in two); one
    that came meanwhile takes effect after it. Outside the main thread, where no handler can
    be set, the block simply runs."""
    if not _in_main_thread():
        yield
        return
    caught: list[signal.Signals] = []
    previous: dict[signal.Signals, Callable[[int, FrameType | None], Any] | int | None] = {}

    def note(signum: int, frame: FrameType | None) -> None:
        caught.append(signal.Signals(signum))

    for stop in _STOPS:
        if signal.getsignal(stop) not in (signal.SIG_IGN, None):
            previous[stop] = signal.signal(stop, note)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if caught:
            first = previous[caught[0]]
            if callable(first):
                first(caught[0], None)
            else:  # the default: end as the signal would have
                signal.raise_signal(caught[0])


__all__ = [
    "Terminated", "blocked_for_fork", "deferred", "exit_status", "quiet_child",
    "terminate_as_interrupt",
]
