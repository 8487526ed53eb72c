"""``serve``'s builds run in a process forked before the server's threads: one thread there,
so the workers a build forks inherit no lock another thread held."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skill_catalog.config import config_from_mapping
from skill_catalog.process.parallel import can_fork
from skill_catalog.serve.build_process import BuildCounts, BuildFailed, BuildProcess
from skill_catalog.site.build import Session, build
from skill_catalog.site.outputs import writers
from skill_catalog.site.reuse import state_path
from tests.environment import REPO
from tests.helpers.libraries import make_library
from tests.helpers.serve import DEADLINE
from tests.helpers.sites import tree_digest


class _Result:
    files = 7
    kept = 3


def _report(target: Path) -> _Result:
    """Write where and beside how many threads the build ran, and whether it could fork."""
    target.write_text(f"{os.getpid()} {threading.active_count()} {can_fork()}\n")
    return _Result()


def _fail_on_bad(target: Path) -> _Result:
    if target.name == "bad":
        raise ValueError("the config names no roots")
    return _report(target)


def _forever(target: Path) -> None:
    """A build that forks a worker and takes ten minutes."""
    worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    target.write_text(str(worker.pid))
    time.sleep(600)


def test_builds_run_in_a_child_with_one_thread(tmp_path: Path) -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)  # the server's threads, started after the fork
    with BuildProcess(_report) as builds:
        other.start()
        try:
            counts = builds(tmp_path / "out")
        finally:
            stop.set()
            other.join()
        pid, threads, forks = (tmp_path / "out").read_text().split()
        assert int(pid) == builds.pid != os.getpid()
        assert threads == "1"
        assert forks == "True"  # not daemonic: its builds may fork their workers
        assert counts == BuildCounts(7, 3)


def test_an_error_comes_back_and_the_next_build_runs(tmp_path: Path) -> None:
    with BuildProcess(_fail_on_bad) as builds:
        with pytest.raises(BuildFailed, match=r"^ValueError: the config names no roots$"):
            builds(tmp_path / "bad")
        assert builds(tmp_path / "good") == BuildCounts(7, 3)


def test_ctrl_c_does_not_stop_the_build_process(tmp_path: Path) -> None:
    # The terminal sends SIGINT to the whole process group; only the parent acts on it.
    with BuildProcess(_report) as builds:
        assert builds.pid is not None
        os.kill(builds.pid, signal.SIGINT)
        assert builds(tmp_path / "out") == BuildCounts(7, 3)


def _start_forever(builds: BuildProcess, tmp_path: Path
                   ) -> tuple[threading.Thread, list[BaseException], int]:
    """Start :func:`_forever` through ``builds`` in a thread, once its worker is running:
    the thread, where it puts what the call raises, and the worker's pid."""
    raised: list[BaseException] = []

    def call() -> None:
        try:
            builds(tmp_path / "started")
        except BaseException as exc:
            raised.append(exc)

    caller = threading.Thread(target=call)
    caller.start()
    while not (tmp_path / "started").exists() or not (tmp_path / "started").read_text():
        time.sleep(0.01)
    return caller, raised, int((tmp_path / "started").read_text())


def _wait_gone(pid: int) -> bool:
    give_up = time.monotonic() + 60
    while not _gone(pid) and time.monotonic() < give_up:
        time.sleep(0.05)
    return _gone(pid)


def test_close_stops_a_build_under_way(tmp_path: Path) -> None:
    builds = BuildProcess(_forever)
    pid = builds.pid
    assert pid is not None
    caller, raised, worker = _start_forever(builds, tmp_path)
    builds.close()
    caller.join(timeout=60)  # the build itself would take ten minutes
    assert not caller.is_alive()
    assert isinstance(raised[0], BuildFailed)
    assert str(raised[0]) == "the build process stopped"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # reaped
    assert _wait_gone(worker)  # the build's own children went with it
    builds.close()  # again: nothing to do


class _Remembering:
    """A builder that keeps what it built (as serve's keeps its session), and a last call
    that writes where it ran and what it kept."""

    def __init__(self, record: Path) -> None:
        self.record, self.built = record, list[str]()

    def build(self, target: Path) -> _Result:
        self.built.append(target.name)
        return _Result()

    def close(self) -> None:
        self.record.write_text(f"{os.getpid()} {' '.join(self.built)}")


@pytest.mark.parametrize("forked", [True, False], ids=["forked", "in-process"])
def test_on_close_runs_where_the_builds_ran_and_sees_what_they_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked: bool) -> None:
    if not forked:
        monkeypatch.setattr("skill_catalog.serve.build_process.can_fork", lambda: False)
    remembering = _Remembering(tmp_path / "closed")
    builds = BuildProcess(remembering.build, on_close=remembering.close)
    pid = builds.pid
    builds(tmp_path / "one")
    builds(tmp_path / "two")
    builds.close()
    assert (tmp_path / "closed").read_text() == f"{pid or os.getpid()} one two"
    (tmp_path / "closed").unlink()
    builds.close()  # once only
    assert not (tmp_path / "closed").exists()


def _closed_where(record: Path) -> Callable[[], None]:
    def close() -> None:
        record.write_text(str(os.getpid()))
    return close


def test_close_stops_a_build_under_way_then_calls_on_close(tmp_path: Path) -> None:
    """``serve -o`` stopped during a rebuild: the build is asked to stop (it raises
    KeyboardInterrupt there), and ``on_close`` then runs where the builds ran."""
    builds = BuildProcess(_forever, on_close=_closed_where(tmp_path / "closed"))
    pid = builds.pid
    caller, raised, worker = _start_forever(builds, tmp_path)
    builds.close()  # stops the build instead of waiting ten minutes for it
    caller.join(timeout=DEADLINE)
    assert not caller.is_alive()
    assert isinstance(raised[0], BuildFailed)
    assert str(raised[0]) == "interrupted"
    assert (tmp_path / "closed").read_text() == str(pid)
    assert _wait_gone(worker)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_close_after_ctrl_c_in_a_call_stops_that_build_then_calls_on_close(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while ``serve -o`` waits for its first build: the call is left with
    KeyboardInterrupt while the build goes on in the build process; closing stops that build
    too (instead of waiting for it, :data:`~BuildProcess.CLOSE_TIMEOUT` at most) before
    ``on_close`` runs."""
    monkeypatch.setattr(BuildProcess, "CLOSE_TIMEOUT", 5.0)
    builds = BuildProcess(_forever, on_close=_closed_where(tmp_path / "closed"))
    pid = builds.pid
    started = tmp_path / "started"

    def ctrl_c_once_started() -> None:
        give_up = time.monotonic() + DEADLINE
        while not (started.exists() and started.read_text()) and time.monotonic() < give_up:
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=ctrl_c_once_started, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            builds(started)
        worker = int(started.read_text())
    finally:
        builds.close()
    assert (tmp_path / "closed").read_text() == str(pid)
    assert _wait_gone(worker)


def _deaf(target: Path) -> None:
    """:func:`_forever`, deaf to the request to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _forever(target)


def test_a_build_that_does_not_stop_is_ended_without_on_close(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BuildProcess, "STOP_TIMEOUT", 0.5)
    builds = BuildProcess(_deaf, on_close=_closed_where(tmp_path / "closed"))
    caller, raised, worker = _start_forever(builds, tmp_path)
    builds.close()
    caller.join(timeout=DEADLINE)
    assert not caller.is_alive()
    assert isinstance(raised[0], BuildFailed)
    assert str(raised[0]) == "the build process stopped"
    assert not (tmp_path / "closed").exists()
    assert _wait_gone(worker)


def test_a_rebuild_stopped_by_close_leaves_the_last_site_and_its_state(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve -o`` stopped while it rebuilds after an edit (here, once the pages are
    written): the site is the last complete build's, the build state saved beside it is that
    build's, and the next build keeps the unchanged skills and writes the edited one."""
    library = make_library(tmp_path)
    config = config_from_mapping({"title": "T"})
    site = tmp_path / "served"
    stalled = multiprocessing.get_context("fork").Event()  # inherited by the build process
    real = writers.keep_or_write_groups

    def stall_the_second_build(*args: Any) -> None:
        if (tmp_path / "stall").exists():
            stalled.set()
            time.sleep(DEADLINE)  # until close stops it
        real(*args)

    monkeypatch.setattr(writers, "keep_or_write_groups", stall_the_second_build)
    session = Session()

    def builder(target: Path) -> object:
        return build(config, roots=[library], output=target, session=session, workers=2)

    builds = BuildProcess(builder, on_close=session.save)
    raised: list[BaseException] = []
    try:
        builds(site)
        complete = tree_digest(site)
        skill_md = library / "release-notes" / "SKILL.md"
        skill_md.write_text(skill_md.read_text(encoding="utf-8") + "\nEdited.\n",
                            encoding="utf-8")
        (tmp_path / "stall").touch()

        def rebuild() -> None:
            try:
                builds(site)
            except BaseException as exc:
                raised.append(exc)

        caller = threading.Thread(target=rebuild)
        caller.start()
        assert stalled.wait(DEADLINE)
    finally:
        builds.close()
    caller.join(timeout=DEADLINE)
    assert [str(exc) for exc in raised] == ["interrupted"]
    assert tree_digest(site) == complete
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".served.tmp-")]
    saved = json.loads(state_path(site).read_text(encoding="utf-8"))
    assert {"pdf-tools", "release-notes"} <= {record["slug"] for record in saved["skills"]}
    (tmp_path / "stall").unlink()
    untouched = site / "skills" / "pdf-tools" / "index.html"
    inode = untouched.stat().st_ino
    result = build(config, roots=[library], output=site)
    assert result.kept > 0
    assert untouched.stat().st_ino == inode
    assert "Edited." in (site / "skills" / "release-notes" / "index.html").read_text(
        encoding="utf-8")
    build(config, roots=[library], output=tmp_path / "fresh")
    assert tree_digest(site) == tree_digest(tmp_path / "fresh")


def _failing_close() -> None:
    raise OSError("disk full")


def test_a_failing_on_close_is_reported_once_the_process_is_stopped(tmp_path: Path) -> None:
    builds = BuildProcess(_report, on_close=_failing_close)
    pid = builds.pid
    assert pid is not None
    builds(tmp_path / "out")
    with pytest.raises(BuildFailed, match=r"^disk full$"):
        builds.close()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # stopped and reaped all the same


def _site_builder(library: Path) -> object:
    def builder(target: Path) -> object:
        return build(config_from_mapping({"title": "T"}), roots=[library], output=target,
                     workers=2)
    return builder


def test_a_real_build_forks_its_workers_there_and_writes_the_same_site(tmp_path: Path) -> None:
    library = make_library(tmp_path)
    with BuildProcess(_site_builder(library)) as builds:
        counts = builds(tmp_path / "served")
        assert isinstance(counts, BuildCounts)
        assert counts.files is not None
        assert counts.files > 10
        assert counts.kept == 0
        again = builds(tmp_path / "served")  # the second build keeps every skill's files
        assert isinstance(again, BuildCounts)
        assert again.kept
    build(config_from_mapping({"title": "T"}), roots=[library], output=tmp_path / "here")
    assert tree_digest(tmp_path / "served") == tree_digest(tmp_path / "here")


def _gone(pid: int) -> bool:
    """The process has exited (a zombie waiting for an init that does not reap counts)."""
    status = Path(f"/proc/{pid}/status")
    try:
        if status.exists():
            return "\nState:\tZ" in status.read_text()
        os.kill(pid, 0)
    except (ProcessLookupError, FileNotFoundError):
        return True
    return False


def test_the_build_process_ends_when_its_parent_dies_without_closing_it() -> None:
    # kill -9 of `serve`, or its crash: the child sees its requests pipe close, and exits.
    script = (
        "import os\n"
        "from skill_catalog.serve.build_process import BuildProcess\n"
        "builds = BuildProcess(print)\n"
        "print(builds.pid, flush=True)\n"
        "os._exit(0)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=REPO, check=True, timeout=60)
    pid = int(done.stdout.split()[0])
    give_up = time.monotonic() + 60
    while not _gone(pid) and time.monotonic() < give_up:
        time.sleep(0.05)
    assert _gone(pid)
