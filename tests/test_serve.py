"""``skill-catalog serve``: builds into one folder of a temporary workspace (the real build
updates it in place, reusing unchanged skills), serves on loopback only, rebuilds on change and
tells open pages to reload over server-sent events.

Every server here listens on 127.0.0.1 with a free port; every wait has a deadline.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from skill_catalog.cli import cli
from skill_catalog.config import config_from_mapping
from skill_catalog.serve.build_process import BuildProcess
from skill_catalog.serve.server import (
    RELOAD_SCRIPT_PATH,
    PollingWatcher,
    PreviewServer,
    ServeError,
    WatchfilesWatcher,
    check_host,
    inject_reload,
    resolve,
)
from skill_catalog.site.build import BuildResult
from skill_catalog.site.build import build as build_site
from skill_catalog.site.reuse import cache_path, state_path
from tests.environment import REPO
from tests.helpers.libraries import write_skill
from tests.helpers.serve import DEADLINE, get, get_port, stub_builder
from tests.processes import started


class EventStream:
    """Reads ``/__reload`` in a thread and queues each event's data."""

    def __init__(self, server: PreviewServer) -> None:
        self.events: queue.Queue[tuple[str, str]] = queue.Queue()
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=DEADLINE)
        self.conn.request("GET", "/__reload")
        self.response = self.conn.getresponse()
        self.headers = dict(self.response.getheaders())
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        name, data = "message", ""
        try:
            for raw in iter(self.response.readline, b""):
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: "):
                    data = line[6:]
                elif line == "" and data:
                    self.events.put((name, data))
                    name, data = "message", ""
        except OSError:
            return

    def next(self) -> tuple[str, str]:
        return self.events.get(timeout=DEADLINE)

    def close(self) -> None:
        self.conn.close()


def change_until_rebuilt(skill_md: Path, stream: EventStream, build: str) -> tuple[str, str]:
    """Edit SKILL.md until the stream announces a build other than ``build`` (a watcher may
    start a moment after the server answers, so an early edit is repeated)."""
    give_up = time.monotonic() + DEADLINE
    edit = 0
    while time.monotonic() < give_up:
        edit += 1
        text = skill_md.read_text(encoding="utf-8")
        skill_md.write_text(text + f"\nEdit number {edit}.\n", encoding="utf-8")
        try:
            event = stream.events.get(timeout=5)
        except queue.Empty:
            continue
        if event[1] != build:
            return event
    raise AssertionError("no rebuild was announced")


@pytest.fixture
def served(library: Path) -> Iterator[tuple[PreviewServer, Path, list[Path]]]:
    skill = write_skill(library, "alpha", body="# Alpha\n\nFirst version.\n")
    calls: list[Path] = []
    server = PreviewServer(stub_builder(library, calls), [library], port=0,
                           watcher=PollingWatcher([library], interval=0.2), log=lambda m: None)
    with server:
        yield server, skill / "SKILL.md", calls


WATCHERS = {
    "polling": lambda paths: PollingWatcher(paths, interval=0.2),
    "watchfiles": WatchfilesWatcher,
}


@pytest.mark.parametrize("watcher", sorted(WATCHERS))
def test_rebuild_and_reload_on_change(library: Path, watcher: str) -> None:
    if watcher == "watchfiles":
        pytest.importorskip("watchfiles", reason="the serve extra (watchfiles) is not installed")
    skill_md = write_skill(library, "alpha", body="# Alpha\n\nFirst version.\n") / "SKILL.md"
    calls: list[Path] = []
    server = PreviewServer(stub_builder(library, calls), [library], port=0,
                           watcher=WATCHERS[watcher]([library]), log=lambda m: None)
    with server:
        assert server.url == f"http://127.0.0.1:{server.port}/"
        status, headers, page = get(server, "/")
        assert status == 200
        assert headers["Content-Type"] == "text/html; charset=utf-8"
        assert b"First version." in page
        assert b'<script src="/__reload.js" data-build="1"></script>\n</BODY>' in page

        stream = EventStream(server)
        assert stream.headers["Content-Type"] == "text/event-stream"
        assert stream.next() == ("reload", "1")
        event = change_until_rebuilt(skill_md, stream, "1")
        assert event[0] == "reload"
        assert int(event[1]) >= 2

        status, _, page = get(server, "/")
        assert b"Edit number" in page
        assert f'data-build="{event[1]}"'.encode() in page
        stream.close()
        # every build went to the same folder of the server's workspace, and the built files
        # carry no script
        assert len(calls) >= 2
        assert set(calls) == {server.workspace / "site"}
        assert b"__reload" not in calls[-1].joinpath("index.html").read_bytes()
    assert not server.workspace.exists()


def test_reload_script_is_a_same_origin_file(served: tuple[PreviewServer, Path, list[Path]]
                                             ) -> None:
    server, _, _ = served
    status, headers, body = get(server, RELOAD_SCRIPT_PATH)
    assert status == 200
    assert headers["Content-Type"].startswith("text/javascript")
    assert b'new EventSource("/__reload")' in body
    assert b"location.reload()" in body


def test_files_folders_and_missing_pages(served: tuple[PreviewServer, Path, list[Path]]) -> None:
    server, _, _ = served
    status, headers, body = get(server, "/.well-known/index.json")
    assert (status, body) == (200, b'{"skills": []}')
    assert headers["Content-Type"] == "application/json; charset=utf-8"
    status, headers, _ = get(server, "/skills/one?x=1")
    assert (status, headers["Location"]) == (301, "/skills/one/?x=1")
    status, _, body = get(server, "/skills/one/")
    assert status == 200
    assert body.startswith(b"<p>one</p><script src=\"/__reload.js\"")
    status, _, body = get(server, "/nothing/here.html")
    assert status == 404
    assert b"missing page" in body
    assert b"__reload.js" in body
    status, _, _ = get(server, "/../../etc/passwd")
    assert status == 404
    status, _, _ = get(server, "/%2e%2e/%2e%2e/etc/passwd")
    assert status == 404


def test_foreign_host_header_is_refused(served: tuple[PreviewServer, Path, list[Path]]) -> None:
    server, _, _ = served
    assert get(server, "/", host="attacker.example")[0] == 403
    assert get(server, "/", host=f"localhost:{server.port}")[0] == 200
    assert get(server, "/", host=f"127.0.0.1:{server.port}")[0] == 200


def test_failed_build_keeps_the_previous_site(library: Path) -> None:
    skill_md = write_skill(library, "alpha", body="# Alpha\n\nFirst version.\n") / "SKILL.md"
    messages: list[str] = []
    server = PreviewServer(stub_builder(library, []), [library], port=0,
                           watcher=PollingWatcher([library], interval=0.2),
                           log=messages.append)
    with server:
        (library / "FAIL").write_text("", encoding="utf-8")
        assert server.state.rebuild() is False
        assert any("the build broke on purpose" in m for m in messages)
        status, _, page = get(server, "/")
        assert status == 200
        assert b"First version." in page
        assert b'data-build="1"' in page
        (library / "FAIL").unlink()
        skill_md.write_text(skill_md.read_text(encoding="utf-8") + "Second.\n",
                            encoding="utf-8")
        assert server.state.rebuild() is True
        assert b"Second." in get(server, "/")[2]


def test_first_build_failing_shows_the_error(library: Path) -> None:
    write_skill(library, "alpha", body="# Alpha\n\nFirst version.\n")
    (library / "FAIL").write_text("", encoding="utf-8")
    server = PreviewServer(stub_builder(library, []), [library], port=0,
                           watcher=PollingWatcher([library], interval=3600), log=lambda m: None)
    with server:
        status, _, page = get(server, "/")
        assert status == 200
        assert b"the build broke on purpose" in page
        assert b"/__reload.js" in page
        (library / "FAIL").unlink()
        assert server.state.rebuild() is True
        status, _, page = get(server, "/")
        assert (status, server.state.build_number) == (200, 1)
        assert b"First version." in page


def test_a_site_with_a_base_path_is_served_below_it_too(library: Path) -> None:
    """With ``base_url: https://x.org/c/`` the 404 page links ``/c/assets/...`` and
    ``/c/index.html`` (a host serves it at any depth): serve answered those 404 too, so the
    page came unstyled and its links led nowhere. Every link of the 404 page works."""
    write_skill(library, "alpha")

    def builder(target: Path) -> object:
        return build_site(config_from_mapping({"base_url": "https://x.org/c/"}),
                          roots=[library], output=target, workers=1)

    server = PreviewServer(builder, [library], port=0,
                           watcher=PollingWatcher([library], interval=3600), log=lambda m: None)
    with server:
        status, _, body = get(server, "/no/such/page.html")
        assert status == 404
        links = re.findall(r'(?:href|src)="(/[^"]*)"', body.decode())
        assert "/c/index.html" in links
        assert any(link.startswith("/c/assets/") and link.endswith(".css") for link in links)
        for link in links:
            if link.startswith("/c/"):
                assert get(server, link)[0] == 200, link
        status, headers, _ = get(server, "/c")
        assert (status, headers["Location"]) == (301, "/c/")
        assert get(server, "/c/skills/alpha/index.html")[0] == 200
        assert get(server, "/skills/alpha/index.html")[0] == 200


def test_real_rebuild_reuses_unchanged_skills(library: Path) -> None:
    """The real site build, given the same folder each time: the second build after a one-skill
    edit keeps the other skills' files as they are (same inodes) and serves the edit; a changed
    config makes the next build a full one, which applies it."""
    for name in ("alpha", "beta", "gamma"):
        write_skill(library, name, body=f"# {name.title()}\n\nFirst version of {name}.\n")
    title = ["First title"]
    results: list[BuildResult] = []

    def builder(target: Path) -> object:
        result = build_site(config_from_mapping({"title": title[0]}), roots=[library],
                            output=target)
        results.append(result)
        return result

    server = PreviewServer(builder, [library], port=0,
                           watcher=PollingWatcher([library], interval=3600), log=lambda m: None)
    with server:
        site = server.workspace / "site"
        assert results[0].output == site
        assert results[0].kept == 0
        untouched = site / "skills" / "beta" / "index.html"
        inode = untouched.stat().st_ino
        status, _, page = get(server, "/skills/alpha/")
        assert status == 200
        assert b"First version of alpha." in page

        skill_md = library / "alpha" / "SKILL.md"
        skill_md.write_text(skill_md.read_text(encoding="utf-8") + "\nAn edited line.\n",
                            encoding="utf-8")
        assert server.state.rebuild() is True
        assert results[1].output == site
        assert results[1].kept > 0  # beta's and gamma's files stayed
        assert results[1].files < results[0].files
        assert untouched.stat().st_ino == inode
        assert "kept" in server.state.last_build
        status, _, page = get(server, "/skills/alpha/")
        assert status == 200
        assert b"An edited line." in page
        assert b'<script src="/__reload.js" data-build="2"></script>' in page
        assert b"__reload" not in (site / "skills" / "alpha" / "index.html").read_bytes()
        # No temporary folder is left beside the site (the build state's folder is kept).
        assert sorted(p.name for p in server.workspace.iterdir() if p.is_dir()) == [
            ".skill-catalog", "site"]

        title[0] = "Second title"
        assert server.state.rebuild() is True
        assert results[2].kept == 0  # another config: everything written again
        assert b"Second title" in get(server, "/skills/beta/")[2]
        assert b'data-build="3"' in get(server, "/")[2]


def test_a_request_waits_while_a_full_build_swaps_the_folder(
        served: tuple[PreviewServer, Path, list[Path]]) -> None:
    """A full build replaces the site folder with two renames; a request arriving between them
    waits for the new folder instead of answering 404."""
    server, _, _ = served
    site = server.workspace / "site"
    aside = server.workspace / "aside"
    site.rename(aside)
    timer = threading.Timer(0.3, aside.rename, [site])
    timer.start()
    try:
        status, _, page = get(server, "/")
    finally:
        timer.join()
    assert status == 200
    assert b"First version." in page
    shutil.rmtree(site / "skills")
    assert get(server, "/skills/one/")[0] == 404  # a page really missing is still a 404


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.10", "example.org", "::"])
def test_remote_hosts_need_allow_remote(host: str) -> None:
    with pytest.raises(ServeError, match="--allow-remote"):
        check_host(host, allow_remote=False)
    check_host(host, allow_remote=True)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1"])
def test_loopback_hosts_are_fine(host: str) -> None:
    check_host(host, allow_remote=False)


def test_cli_refuses_a_remote_host(library: Path) -> None:
    write_skill(library, "alpha")
    result = CliRunner().invoke(cli, ["serve", str(library), "--host", "0.0.0.0"])
    assert result.exit_code == 2
    assert "--allow-remote" in result.output


def test_cli_needs_something_to_serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 2
    assert "nothing to serve" in result.output


def test_port_in_use_is_reported(served: tuple[PreviewServer, Path, list[Path]],
                                 library: Path) -> None:
    server, _, _ = served
    with pytest.raises(ServeError, match=f"cannot listen on 127.0.0.1:{server.port}"):
        PreviewServer(stub_builder(library, []), [library], port=server.port)


@pytest.mark.parametrize(("page", "expected"), [
    (b"<html><body><p>x</p></body></html>",
     b'<html><body><p>x</p><script src="/__reload.js" data-build="3"></script>\n</body></html>'),
    (b"<p>a</p></body><p>b</p></Body >",
     b'<p>a</p></body><p>b</p><script src="/__reload.js" data-build="3"></script>\n</Body >'),
    (b"<p>no end</p>", b'<p>no end</p>\n<script src="/__reload.js" data-build="3"></script>\n'),
])
def test_inject_reload(page: bytes, expected: bytes) -> None:
    assert inject_reload(page, 3) == expected


def test_resolve_stays_inside_the_build(tmp_path: Path) -> None:
    root = tmp_path / "site"
    (root / "a").mkdir(parents=True)
    (tmp_path / "secret.txt").write_text("s", encoding="utf-8")
    (root / "link").symlink_to(tmp_path / "secret.txt")
    assert resolve(root, "/a/") == root / "a"
    assert resolve(root, "/a/%69ndex.html") == root / "a" / "index.html"
    assert resolve(root, "/../secret.txt") is None
    assert resolve(root, "/a/%2e%2e/%2e%2e/secret.txt") is None
    assert resolve(root, "/link") is None
    assert resolve(root, "/a%5c..%5csecret.txt") is None


def test_polling_watcher_sees_edits_additions_and_removals(library: Path) -> None:
    skill = write_skill(library, "alpha")
    watcher = PollingWatcher([library, library / "missing"])
    before = watcher.snapshot()
    assert str(skill / "SKILL.md") in before
    (skill / "SKILL.md").write_text("changed, and longer than before\n", encoding="utf-8")
    (skill / "new.md").write_text("new", encoding="utf-8")
    after = watcher.snapshot()
    assert after != before
    assert str(skill / "new.md") in after
    (skill / "new.md").unlink()
    assert str(skill / "new.md") not in watcher.snapshot()
    # Bytes changed under the same size and modification time (`cp -p`, a restore) still
    # count: the status-change time moves.
    before = watcher.snapshot()
    info = (skill / "SKILL.md").stat()
    time.sleep(0.05)  # past the file system clock's tick (a few milliseconds)
    (skill / "SKILL.md").write_text("changed, and longer than BEFORE\n", encoding="utf-8")
    os.utime(skill / "SKILL.md", ns=(info.st_atime_ns, info.st_mtime_ns))
    assert watcher.snapshot() != before


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_cli_serves_the_real_site_from_a_temporary_folder(library: Path, tmp_path: Path,
                                                          stop: signal.Signals) -> None:
    """``skill-catalog serve -c FILE --port 0`` in a subprocess: the real build, served with the
    reload script injected, the configured output folder never written, rebuilt on an edit;
    Ctrl-C (or ``kill``) stops it and removes its temporary folder and build process."""
    write_skill(library, "alpha", body="# Alpha\n\nServed for real.\n")
    config = tmp_path / "skill-catalog.yml"
    config.write_text("title: Served\nroots: [library]\noutput: public\n", encoding="utf-8")
    temp = tmp_path / "tmp"
    temp.mkdir()
    with _serving(["-c", str(config)], tmp_path, {"TMPDIR": str(temp)}) as (process, port):
        status, _headers, page = get_port(port, "/")
        assert status == 200
        assert b"alpha" in page
        assert b'<script src="/__reload.js" data-build="1"></script>' in page
        assert not (tmp_path / "public").exists()
        # Builds run in a child forked before the server's threads
        # (skill_catalog.serve.build_process).
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
        builder_pids = [int(p) for p in children.read_text().split()] if children.exists() else []
        if sys.platform == "linux":
            assert builder_pids
        skill_md = library / "alpha" / "SKILL.md"
        skill_md.write_text(skill_md.read_text(encoding="utf-8") + "\nEdited while served.\n",
                            encoding="utf-8")
        give_up = time.monotonic() + DEADLINE
        while time.monotonic() < give_up:
            page = get_port(port, "/skills/alpha/index.html")[2]
            if b'data-build="2"' in page:
                break
            time.sleep(0.2)
        assert b"Edited while served." in page
        assert [p.name.startswith("skill-catalog-serve-") for p in temp.iterdir()] == [True]
        # The build process keeps the build state and the skill cache in memory, not beside
        # the site (skill_catalog.site.build.Session).
        workspace = next(temp.iterdir())
        assert (workspace / "site" / "index.html").is_file()
        assert not (workspace / ".skill-catalog").exists()
        _stop(process, stop)
    assert not list(temp.iterdir())
    for pid in builder_pids:  # the build process went with the server
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def _slow_build(target: Path) -> None:
    target.write_text("building\n", encoding="utf-8")
    time.sleep(600)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_during_the_first_build_stops_it_and_removes_the_workspace(library: Path) -> None:
    write_skill(library, "alpha")
    builds = BuildProcess(_slow_build)
    server = PreviewServer(builds, [library], port=0,
                           watcher=PollingWatcher([library], interval=0.2), log=lambda m: None)
    started = server.workspace / "site"

    def press_ctrl_c() -> None:
        while not started.exists():
            time.sleep(0.01)
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)

    threading.Thread(target=press_ctrl_c, daemon=True).start()
    with pytest.raises(KeyboardInterrupt), server:
        pytest.fail("the first build never ends")
    assert builds.pid is None  # closed with the server, build and all
    assert not server.workspace.exists()


@contextlib.contextmanager
def _serving(args: list[str], cwd: Path, env: dict[str, str] | None = None
             ) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``skill-catalog serve ARGS --port 0 --poll`` started (:func:`tests.processes.started`:
    Ctrl-C at its default, killed with its group on the way out); the process and its port,
    once its first build is served (it prints the URL then)."""
    with started(
            [sys.executable, "-c", "from skill_catalog.cli import main; main()", "serve", *args,
             "--port", "0", "--poll"],
            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})}) as process:
        lines: queue.Queue[str] = queue.Queue()

        def read_stdout() -> None:
            assert process.stdout is not None
            with contextlib.suppress(ValueError, OSError):  # closed once the test is over
                for line in process.stdout:
                    lines.put(line)

        threading.Thread(target=read_stdout, daemon=True).start()
        url = lines.get(timeout=DEADLINE).strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield process, int(url.rsplit(":", 1)[1].strip("/"))


def _stop(process: subprocess.Popen[str], stop: signal.Signals = signal.SIGINT) -> str:
    """Ctrl-C (or ``stop``); what the process wrote to stderr. It must exit with 0."""
    process.send_signal(stop)
    _out, err = process.communicate(timeout=DEADLINE)
    assert process.returncode == 0, err
    return err


def test_cli_serve_o_keeps_the_site_for_the_next_serve_and_build(library: Path,
                                                                 tmp_path: Path) -> None:
    """``serve -o FOLDER`` builds there, and when stopped saves what the next build needs
    beside it: the next ``serve -o`` and ``build -o`` of the folder rewrite only what changed.

    Each of the three runs in a process of its own, so that all of them run the code of the
    checkout as it is now: the build state's key holds a digest of the package's code, taken
    once per process (``skill_catalog.pipeline.skill_cache.source_digest``), and a build in
    this test process would run the code it imported when the test session began. Had the
    checkout changed since (a commit landed during a long run), that build would rightly
    reuse nothing."""
    write_skill(library, "alpha", body="# Alpha\n\nServed.\n")
    write_skill(library, "beta", body="# Beta\n\nLeft alone.\n")
    site = tmp_path / "preview"
    with _serving([str(library), "-o", str(site)], tmp_path) as (process, port):
        status, _headers, page = get_port(port, "/skills/alpha/index.html")
        assert status == 200
        assert b"Served." in page
        assert (site / "skills" / "alpha" / "index.html").is_file()
        err = _stop(process)
    assert f"The site stays in {site}" in err
    assert state_path(site).is_file()
    assert cache_path(site).is_file()
    untouched = site / "skills" / "beta" / "index.html"
    inode = untouched.stat().st_ino
    # The next serve -o starts from the folder: the unchanged skill's page is left in place.
    skill_md = library / "alpha" / "SKILL.md"
    skill_md.write_text(skill_md.read_text(encoding="utf-8") + "\nEdited between runs.\n",
                        encoding="utf-8")
    with _serving([str(library), "-o", str(site)], tmp_path) as (process, port):
        assert b"Edited between runs." in get_port(port, "/skills/alpha/index.html")[2]
        assert untouched.stat().st_ino == inode
        err = _stop(process)
    assert f"The site stays in {site}; the next serve -o or build of it rewrites only" in err
    # So does a build of it.
    built = subprocess.run(
        [sys.executable, "-c", "from skill_catalog.cli import main; main()", "build",
         str(library), "-o", str(site)],
        cwd=tmp_path, capture_output=True, text=True, timeout=DEADLINE,
        env={**os.environ, "PYTHONPATH": str(REPO)})
    assert built.returncode == 0, built.stderr
    assert "of unchanged skills kept" in built.stdout, built.stdout
    assert untouched.stat().st_ino == inode


def test_a_large_workspace_is_removed_in_the_background(library: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Removing a 10,000-skill site takes a quarter of a minute: serve hands its workspace to
    a detached process instead of keeping Ctrl-C waiting."""
    from skill_catalog.site.write import output

    write_skill(library, "alpha")
    handed: list[list[Path]] = []
    remove = output._remove_in_background
    monkeypatch.setattr(output, "BACKGROUND_REMOVAL", 0)  # every site counts as large
    monkeypatch.setattr(output, "_remove_in_background",
                        lambda folders: (handed.append(list(folders)), remove(folders)))
    with PreviewServer(stub_builder(library, []), [library], port=0,
                       watcher=PollingWatcher([library], interval=0.2),
                       log=lambda m: None) as server:
        workspace = server.workspace
        assert workspace is not None
        assert (workspace / "site" / "skills" / "one").is_dir()
    assert handed == [[workspace]]
    give_up = time.monotonic() + DEADLINE
    while workspace.exists() and time.monotonic() < give_up:
        time.sleep(0.05)
    assert not workspace.exists()
