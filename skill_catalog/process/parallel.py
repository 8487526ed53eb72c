"""One function over many items, in this process or shared among forked children, behind one
API (after Sphinx's ``util/parallel.py``): the load parses and checks skills with it, the site
writes skills' files and its site-wide files with it.

A :class:`Tasks` is given the function, the items and a number of workers. With one worker
(or where this process may not fork) it is serial: :meth:`Tasks.results` calls the function on
each item in this process, one after the other. With more, the items are cut into contiguous
shares, at most one a worker, and :meth:`Tasks.start` forks a child for each (the first share
may be kept for this process, ``here=True``, which works through it while the children work
through theirs). A forked child inherits everything its parent holds, so neither the function
nor the items are pickled; only the share's results travel back, through a pipe, so the
function should return no more than the caller needs (the load's children leave a skill's body
out; the writers send back the paths they wrote). Either way :meth:`Tasks.results` gives each
item's result in the order of the items, so the caller's output is the same for any number of
workers.

Ctrl-C: children ignore it (:func:`~skill_catalog.process.interrupts.quiet_child`, with the
signals blocked across the fork); the parent raises :class:`KeyboardInterrupt` and
:meth:`Tasks.close`, which the caller calls in a ``finally`` (or leaves to ``with``), stops
the children. A child's collections never write to the pages it inherited
(:func:`~skill_catalog.process.gc_tuning.frozen_heap`).
"""

from __future__ import annotations

import functools
import itertools
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Generic, TypeVar

from skill_catalog.process.gc_tuning import frozen_heap
from skill_catalog.process.interrupts import blocked_for_fork, quiet_child

A = TypeVar("A")
R = TypeVar("R")
T = TypeVar("T")


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether this process can fork children it manages: not where fork is missing, nor in
    a daemonic process (a multiprocessing pool's worker), which may not have children."""
    return ("fork" in multiprocessing.get_all_start_methods()
            and not multiprocessing.current_process().daemon)


class Forked(Generic[T]):
    """``job`` run in a forked child process while the caller goes on; :meth:`result` waits for
    what it returned (or raises what it raised)."""

    def __init__(self, job: Callable[[], T], name: str) -> None:
        context = multiprocessing.get_context("fork")
        self._receive, send = context.Pipe(duplex=False)

        def run() -> None:
            quiet_child()  # Ctrl-C is the parent's: it stops this child
            try:
                outcome: tuple[bool, object] = (True, job())
            except BaseException as exc:  # handed to the parent, which raises it
                outcome = (False, exc)
            try:
                send.send(outcome)
            except Exception as exc:  # an exception that cannot be pickled
                send.send((False, RuntimeError(f"{outcome[1]!r} ({exc})")))

        self._process = context.Process(target=run, name=name, daemon=True)
        try:
            # Frozen: the child's collections never write to the pages it inherited.
            with frozen_heap(), blocked_for_fork():
                self._process.start()
        finally:
            send.close()

    def result(self) -> T:
        try:
            ok, value = self._receive.recv()
        except EOFError:
            raise RuntimeError(f"the process {self._process.name} died") from None
        finally:
            self.close()
        if not ok:
            assert isinstance(value, BaseException)
            raise value
        return value  # type: ignore[no-any-return]

    def close(self) -> None:
        """Stop the child if it still runs (the caller failed meanwhile); idempotent."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._receive.close()


class Tasks(Generic[A, R]):
    """``work`` on each of ``items``, serial (``workers`` 1, or no fork) or shared among forked
    children; see the module's documentation.

    :param here: keep the first share for this process (it works through it in
        :meth:`results` while the children work through theirs).
    :param in_child: called first in each child (before its share), to drop what the child
        inherited and must not send back.
    """

    def __init__(self, work: Callable[[A], R], items: Sequence[A], workers: int, name: str, *,
                 here: bool = False, in_child: Callable[[], object] | None = None) -> None:
        self.work = work
        self.items = items
        self.name = name
        self.in_child = in_child
        self.parallel = workers > 1 and bool(items) and can_fork()
        count = min(workers, len(items)) if self.parallel else 1
        bounds = [len(items) * i // count for i in range(count + 1)]
        self.shares = [items[start:end] for start, end in itertools.pairwise(bounds)]
        """The items cut into contiguous shares, one a process (one share when serial)."""
        self.here = here or not self.parallel
        self._children: list[Forked[list[R]]] = []

    def start(self) -> None:
        """Fork a child for each share this process does not keep (none when serial)."""
        if not self.parallel or self._children:
            return
        for share in self.shares[1 if self.here else 0:]:
            self._children.append(Forked(functools.partial(self._share, share), self.name))

    def _share(self, share: Sequence[A]) -> list[R]:
        """A child's share (in the child)."""
        if self.in_child is not None:
            self.in_child()
        return [self.work(item) for item in share]

    def results(self) -> Iterator[tuple[A, R]]:
        """Each item and its result, in the order of the items: worked out here one after the
        other, or as the child that had its share sends them back (started first if need
        be). The children are closed once all have come back."""
        try:
            self.start()  # inside: children forked before a Ctrl-C meanwhile are stopped
            if self.here:
                for item in self.shares[0]:
                    yield item, self.work(item)
            for share, child in zip(self.shares[1 if self.here else 0:], self._children,
                                    strict=True):
                yield from zip(share, child.result(), strict=True)
        finally:
            self.close()

    def close(self) -> None:
        """Stop the children that still run (the caller failed or was interrupted before it
        took every result); idempotent."""
        for child in self._children:
            child.close()

    def __enter__(self) -> Tasks[A, R]:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


__all__ = ["Forked", "Tasks", "available_cores", "can_fork"]
