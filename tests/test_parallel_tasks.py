"""The one parallel helper (:mod:`skill_catalog.process.parallel`): the same results, in the
items' order, for any number of workers; serial work stays in this process; a child's failure
is the caller's; children are stopped when the caller stops early."""

from __future__ import annotations

import os
import time

import pytest

from skill_catalog.process import parallel
from skill_catalog.process.parallel import Tasks, can_fork

needs_fork = pytest.mark.skipif(not can_fork(), reason="forked processes need fork (POSIX)")


def _square_and_pid(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


@pytest.mark.parametrize("workers", [1, 2, 3, 7, 40])
@pytest.mark.parametrize("here", [False, True])
def test_the_results_are_the_same_for_any_number_of_workers(workers: int, here: bool) -> None:
    items = list(range(23))
    tasks = Tasks(_square_and_pid, items, workers, "test-tasks", here=here)
    got = list(tasks.results())
    assert [(item, square) for item, (square, _pid) in got] == [(n, n * n) for n in items]
    pids = [pid for _item, (_square, pid) in got]
    if workers == 1 or not can_fork():
        assert not tasks.parallel
        assert set(pids) == {os.getpid()}
    else:
        shares = min(workers, len(items))
        assert len(tasks.shares) == shares
        assert [n for share in tasks.shares for n in share] == items
        assert (os.getpid() in pids) == here
        assert len(set(pids)) == shares


def test_serial_work_runs_when_its_results_are_taken() -> None:
    seen: list[int] = []
    tasks = Tasks(seen.append, [1, 2, 3], 1, "test-tasks")
    tasks.start()
    assert seen == []  # nothing forked, nothing run yet
    assert [item for item, _none in tasks.results()] == [1, 2, 3]
    assert seen == [1, 2, 3]


def test_no_items_no_children() -> None:
    tasks: Tasks[int, int] = Tasks(abs, [], 4, "test-tasks")
    assert not tasks.parallel
    assert list(tasks.results()) == []


@needs_fork
def test_in_child_runs_in_each_child_only() -> None:
    parent = os.getpid()
    marks: list[int] = []

    def mark() -> None:
        marks.append(os.getpid())

    def marked(n: int) -> tuple[int, list[int]]:
        return n, list(marks)

    tasks = Tasks(marked, list(range(6)), 3, "test-tasks", here=True, in_child=mark)
    got = [result for _item, result in tasks.results()]
    assert marks == []  # not in this process, which kept the first share
    assert all(seen == [] for n, seen in got if n < 2)
    children = {tuple(seen) for n, seen in got if n >= 2}
    assert len(children) == 2
    assert all(len(c) == 1 and c[0] != parent for c in children)


def _fails_on_five(n: int) -> int:
    if n == 5:
        raise ValueError(f"no {n}")
    return n


@needs_fork
def test_a_childs_failure_is_raised_in_the_parent() -> None:
    tasks = Tasks(_fails_on_five, list(range(8)), 2, "test-tasks", here=True)
    with pytest.raises(ValueError, match="no 5"):
        list(tasks.results())


@needs_fork
def test_children_are_stopped_when_the_caller_stops_early() -> None:
    tasks = Tasks(lambda _n: time.sleep(60), [1, 2, 3], 3, "test-tasks")
    tasks.start()
    children = [child._process for child in tasks._children]
    assert len(children) == 3
    assert all(p.is_alive() for p in children)
    with tasks:
        pass  # the caller failed here: leaving the block closes the tasks
    assert not any(p.is_alive() for p in children)


@needs_fork
def test_each_share_is_one_forked_child(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []
    real = parallel.Forked

    def counted(job: object, name: str) -> object:
        started.append(len(job.args[0]))  # type: ignore[attr-defined]
        return real(job, name)  # type: ignore[arg-type]

    monkeypatch.setattr(parallel, "Forked", counted)
    list(Tasks(abs, list(range(10)), 4, "test-tasks", here=True).results())
    assert started == [3, 2, 3]  # the first share (2 items) stayed here
