"""``serve`` under hostile requests (issue 23, attack 10): malformed and over-long paths are
answered 400/404 without a traceback, idle connections are closed, and the connection threads
are bounded. Real sockets on 127.0.0.1; every wait has a generous deadline (a safety net, not a
measurement)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from skill_catalog.serve import server as serve
from skill_catalog.serve.server import (
    IDLE_TIMEOUT_SECONDS,
    MAX_CONNECTIONS,
    PollingWatcher,
    PreviewServer,
    bad_path,
    resolve,
)
from tests.helpers.libraries import write_skill
from tests.helpers.serve import DEADLINE, get_port, stub_builder


def start(library: Path, log: list[str], idle_timeout: float = IDLE_TIMEOUT_SECONDS,
          max_connections: int = MAX_CONNECTIONS) -> PreviewServer:
    write_skill(library, "alpha", body="# Alpha\n")
    return PreviewServer(stub_builder(library, []), [library], port=0,
                         watcher=PollingWatcher([library], interval=5), log=log.append,
                         idle_timeout=idle_timeout, max_connections=max_connections)


@pytest.fixture
def served(library: Path) -> Iterator[tuple[PreviewServer, list[str]]]:
    log: list[str] = []
    with start(library, log) as server:
        yield server, log


def raw(port: int, request: bytes) -> bytes:
    """Send ``request`` as it is and read the whole answer (HTTP/1.0: the server closes)."""
    with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as conn:
        conn.sendall(request)
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


@pytest.mark.parametrize("path", [
    "/" + "a" * 300,                                   # one segment longer than NAME_MAX
    "/skills/" + "%C3%A9" * 200 + "/index.html",      # 200 characters, 400 bytes
    "/" + "/".join(["b" * 200] * 30),                 # the whole path longer than PATH_MAX
    "/" + "%61" * 300,                                 # long once decoded
])
def test_over_long_names_answer_404(served: tuple[PreviewServer, list[str]],
                                    capfd: pytest.CaptureFixture[str], path: str) -> None:
    server, log = served
    status, _, body = get_port(server.port, path)
    assert status == 404
    assert body.startswith(b"<body>missing page")
    assert get_port(server.port, "/")[0] == 200  # and the server goes on
    assert "Traceback" not in capfd.readouterr().err
    assert not any("failed" in line for line in log)


@pytest.mark.parametrize("path", ["/%00", "/a%00.html", "/%zz", "/bad%2", "/%ff%fe", "/%c3"])
def test_malformed_escapes_answer_400(served: tuple[PreviewServer, list[str]],
                                      capfd: pytest.CaptureFixture[str], path: str) -> None:
    server, _ = served
    status, _, body = get_port(server.port, path)
    assert status == 400
    assert body.startswith(b"Bad request")
    assert "Traceback" not in capfd.readouterr().err


def test_nul_byte_in_the_request_line_answers_400(served: tuple[PreviewServer, list[str]],
                                                  capfd: pytest.CaptureFixture[str]) -> None:
    server, _ = served
    answer = raw(server.port, b"GET /a\x00b.html HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
    assert status_of(answer) == 400
    assert "Traceback" not in capfd.readouterr().err


def test_over_long_request_line_answers_414(served: tuple[PreviewServer, list[str]],
                                            capfd: pytest.CaptureFixture[str]) -> None:
    server, _ = served
    answer = raw(server.port, b"GET /" + b"x" * 70_000 + b" HTTP/1.0\r\n\r\n")
    assert status_of(answer) == 414
    assert "Traceback" not in capfd.readouterr().err


def test_resolve_and_bad_path_refuse_what_no_site_holds(tmp_path: Path) -> None:
    assert resolve(tmp_path, "/" + "a" * 256) is None
    assert resolve(tmp_path, "/" + "a" * 255) == tmp_path / ("a" * 255)
    assert bad_path("/ok%20name.html") is None
    assert bad_path("/%e2%82") is not None


def test_an_idle_connection_is_closed(library: Path) -> None:
    log: list[str] = []
    with start(library, log, idle_timeout=0.3) as server, \
            socket.create_connection(("127.0.0.1", server.port), timeout=DEADLINE) as idle, \
            socket.create_connection(("127.0.0.1", server.port), timeout=DEADLINE) as stalled:
        stalled.sendall(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n")  # the head never ends
        # The server closes both: recv returns b"" (end of stream) well before the deadline.
        assert idle.recv(1024) == b""
        assert stalled.recv(1024) == b""
        assert get_port(server.port, "/")[0] == 200


def handler_threads() -> int:
    return sum("process_request_thread" in t.name for t in threading.enumerate())


def test_connection_threads_are_bounded(library: Path,
                                        capfd: pytest.CaptureFixture[str]) -> None:
    log: list[str] = []
    before = handler_threads()
    with start(library, log, max_connections=3, idle_timeout=DEADLINE) as server:
        idle = [socket.create_connection(("127.0.0.1", server.port), timeout=DEADLINE)
                for _ in range(3)]
        try:
            # Connections are accepted in order: the three idle ones hold every slot, so the
            # next ones are refused at once, and no thread is started for them.
            for _ in range(10):
                answer = raw(server.port, b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                assert status_of(answer) == 503
                assert b"Retry-After: 1" in answer
            assert handler_threads() - before <= 3
            # A slot is free again as soon as one idle connection goes.
            idle.pop().close()
            give_up = time.monotonic() + DEADLINE
            while status_of(raw(server.port, b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")) \
                    != 200:
                assert time.monotonic() < give_up, "no slot was freed"
                time.sleep(0.05)
        finally:
            for conn in idle:
                conn.close()
    assert "Traceback" not in capfd.readouterr().err


def test_an_unexpected_error_answers_500_and_logs_one_line(
        served: tuple[PreviewServer, list[str]], monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    server, log = served

    def broken(root: Path, url_path: str) -> Path | None:
        raise RuntimeError("resolve broke on purpose")

    monkeypatch.setattr(serve, "resolve", broken)
    status, _, body = get_port(server.port, "/page.html")
    assert (status, body) == (500, b"Internal error\n")
    assert [line for line in log if "failed" in line] == [
        "serve: GET '/page.html' failed: RuntimeError: resolve broke on purpose"]
    assert "Traceback" not in capfd.readouterr().err
    monkeypatch.undo()
    assert get_port(server.port, "/")[0] == 200
