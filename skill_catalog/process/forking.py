"""Forked child processes: whether this process may have them, and one running a job.

A forked child inherits everything its parent holds, so the job needs no pickling; only its
result travels back, through a pipe. Used by the load (each share of a new library's skills
parsed and checked in a child) and by the site writer.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from typing import Generic, TypeVar

from skill_catalog.process.gc_tuning import frozen_heap
from skill_catalog.process.interrupts import blocked_for_fork, quiet_child

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
    what it returned (or raises what it raised). The child inherits everything the parent
    holds, so ``job`` needs no pickling; only its result travels back, through a pipe."""

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
        """Stop the child if it still runs (the build failed meanwhile); idempotent."""
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._receive.close()
