"""What a watcher reports reaches the load that re-reads it: the paths of each batch (or "walk
everything" when a batch cannot be trusted) are handed to ``serve``'s build process and to the
MCP server's reloads, a failing watcher restarts and asks for a full walk, and a full walk can
be asked for."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from skill_catalog.api import load
from skill_catalog.pipeline.skill_cache import SkillCache
from skill_catalog.pipeline.watched import Watched
from skill_catalog.serve import server as serve_server
from skill_catalog.serve.build_process import BuildProcess, Changes
from skill_catalog.serve.server import (
    MAX_BATCH_PATHS,
    PreviewServer,
    WatcherFailed,
    WatchfilesWatcher,
    changed_paths,
)
from tests.helpers.libraries import write_skill
from tests.helpers.serve import DEADLINE, stub_builder
from tests.mcp_helpers import run_async


def test_batches_give_absolute_paths_or_walk_everything(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert changed_paths({(2, "/lib/a/SKILL.md"), (1, "/lib/b")}) == {"/lib/a/SKILL.md",
                                                                       "/lib/b"}
    assert changed_paths({"rel/x.md"}) == {str(tmp_path / "rel" / "x.md")}
    assert changed_paths(set()) == frozenset()
    assert changed_paths(WatcherFailed("inotify watch limit reached")) is None
    assert changed_paths({f"/lib/{i}" for i in range(MAX_BATCH_PATHS + 1)}) is None
    assert changed_paths(object()) is None
    assert changed_paths({(2, 3)}) is None


class _Recorder:
    """``on_changes`` run in the build process: appends what it is told to a file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, changes: Changes) -> None:
        told = None if changes is None else sorted(changes)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(told) + "\n")

    def told(self) -> list[list[str] | None]:
        return [json.loads(line) for line in self.path.read_text().splitlines()]


def _write(target: Path) -> None:
    target.write_text("built")


def test_the_build_process_is_told_the_changes_gathered_before_each_build(
        tmp_path: Path) -> None:
    recorder = _Recorder(tmp_path / "told.jsonl")
    with BuildProcess(_write, on_changes=recorder) as builds:
        builds.changed(frozenset({"/lib/a"}))
        builds.changed(frozenset({"/lib/b"}))
        builds(tmp_path / "site")
        builds(tmp_path / "site")
        builds.changed(frozenset({"/lib/c"}))
        builds.changed(None)
        builds.changed(frozenset({"/lib/d"}))
        builds(tmp_path / "site")
        assert builds.pid != os.getpid()
    assert recorder.told() == [["/lib/a", "/lib/b"], [], None]


class _FakeWatcher:
    """Yields the given batches, then waits for stop."""

    name = "fake"

    def __init__(self, batches: list[object]) -> None:
        self.batches = batches

    def changes(self, stop: threading.Event) -> Iterator[object]:
        yield from self.batches
        stop.wait()


def test_serve_hands_each_batch_to_the_build_and_walks_all_on_request(tmp_path: Path) -> None:
    library = tmp_path / "library"
    write_skill(library, "one")
    told: list[Changes] = []
    seen = threading.Event()
    calls: list[Path] = []
    failed = WatcherFailed("the watch limit was reached")

    def on_changes(changes: Changes) -> None:
        told.append(changes)
        if len(told) == 2:
            seen.set()

    server = PreviewServer(stub_builder(library, calls), [library], port=0,
                           watcher=_FakeWatcher([{(2, str(library / "one" / "SKILL.md"))},
                                                 failed]),
                           log=lambda m: None, on_changes=on_changes)
    with server:
        assert seen.wait(DEADLINE)
        server.rescan()
    assert told == [frozenset({str(library / "one" / "SKILL.md")}), None, None]
    assert len(calls) == 4  # the first build, two batches, the rescan


def test_a_failing_watchfiles_restarts_and_says_so(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    attempts: list[int] = []

    class FakeWatchfiles:
        @staticmethod
        def watch(*paths: object, **options: object) -> Iterator[object]:
            attempts.append(1)
            if len(attempts) == 1:
                raise RuntimeError("error in underlying watcher: too many open files")
            yield {(1, str(tmp_path / "new.md"))}

    monkeypatch.setattr(serve_server.importlib, "import_module",
                        lambda name: FakeWatchfiles)
    monkeypatch.setattr(WatchfilesWatcher, "RETRY_SECONDS", (0.0,))
    stop = threading.Event()
    batches = WatchfilesWatcher([tmp_path]).changes(stop)
    first = next(batches)
    assert isinstance(first, WatcherFailed)
    assert "too many open files" in first.error
    assert next(batches) == {(1, str(tmp_path / "new.md"))}
    stop.set()


def test_the_mcp_server_reloads_only_what_its_watcher_names(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from skill_catalog.mcp.server import SkillServer

    library = tmp_path / "library"
    for name in ("one", "two", "three"):
        write_skill(library, name)
    cache = SkillCache()
    cache.follow = watched = Watched()
    edited = library / "two" / "SKILL.md"
    batches: list[object] = [{(2, str(edited))}]
    server = SkillServer(lambda: load([library], cache=cache), watcher=_FakeWatcher(batches),
                         on_changes=watched.changed)
    assert watched.last == "walk"
    edited.write_text(edited.read_text().replace("Does two things", "Does other things"))
    digest = server.served.skills["two"].files[0].sha256

    async def run() -> None:
        with anyio.fail_after(DEADLINE), anyio.CancelScope() as scope:
            async with anyio.create_task_group() as group:
                group.start_soon(server.watch)
                while server.reloads < 2:
                    await anyio.sleep(0.01)
                scope.cancel()

    run_async(run)
    assert watched.last == "changed"
    assert watched.rechecked == 1
    assert server.served.skills["two"].files[0].sha256 != digest
    assert server.served.skills["two"].description.startswith("Does other things")

    run_async(server.rescan)
    assert watched.last == "walk"
