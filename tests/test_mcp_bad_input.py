"""Bad input to ``skill-catalog mcp`` gets a clear error and nothing else: an unknown skill,
``..`` and encoded traversal in URIs and tool paths, a file changed between list and get (its
digest no longer matches), a file too large, a flood of requests (bounded), and over HTTP a
foreign ``Host``, a large body and many connections (loopback only)."""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import pytest

pytest.importorskip("mcp")

import mcp_types
from mcp import Client
from mcp.shared.exceptions import MCPError

from skill_catalog.api import load
from skill_catalog.mcp import server as mcp_server
from skill_catalog.mcp.library import MAX_SKILL_BYTES
from skill_catalog.mcp.server import MAX_READS, SkillServer
from tests.mcp_helpers import http_server, run_async, skill_md


def _library(tmp_path: Path) -> Path:
    library = tmp_path / "library"
    for name in ("alpha", "beta"):
        (library / name / "references").mkdir(parents=True)
        (library / name / "SKILL.md").write_text(
            skill_md(name, f"Skill {name}. Use when testing bad input."), encoding="utf-8")
        (library / name / "references" / "guide.md").write_text(f"{name} guide\n",
                                                                encoding="utf-8")
    (library / "alpha" / "assets").mkdir()
    (library / "alpha" / "assets" / "data.bin").write_bytes(b"\x00\x01" * 100)
    huge = library / "huge"
    (huge / "assets").mkdir(parents=True)
    (huge / "SKILL.md").write_text(skill_md("huge", "Too big to serve. Use never."),
                                   encoding="utf-8")
    with (huge / "assets" / "big.bin").open("wb") as handle:
        handle.truncate(MAX_SKILL_BYTES + 1)
    (tmp_path / "secret.txt").write_text("secret\n", encoding="utf-8")
    return library


def _server(library: Path, log: list[str]) -> SkillServer:
    return SkillServer(lambda: load([library], workers=1), log=log.append)


async def _error(call: Any) -> str:
    """The message of the MCPError ``call`` raises (INVALID_PARAMS), failing if it answers."""
    try:
        result = await call
    except MCPError as exc:
        caught = exc
    else:
        pytest.fail(f"answered instead of an error: {result!r}")
    assert caught.error.code == mcp_types.INVALID_PARAMS, caught.error
    return caught.error.message


async def _tool_error(client: Client, name: str, args: dict[str, Any]) -> str:
    result = await client.call_tool(name, args)
    assert result.is_error, result
    (content,) = result.content
    assert isinstance(content, mcp_types.TextContent)
    return content.text


async def _get(client: Client, uri: str) -> Any:
    return await client.session.send_request(
        _Request(method="skills/get", params=_GetParams(uri=uri)), _GetResult)


class _GetParams(mcp_types.RequestParams):
    uri: str


class _Request(mcp_types.Request[_GetParams, str]):
    pass


class _GetResult(mcp_types.Result):
    skill: dict[str, Any]


def test_unknown_skills_and_files_are_clear_errors(tmp_path: Path) -> None:
    log: list[str] = []
    server = _server(_library(tmp_path), log)

    async def run() -> None:
        async with Client(server.server) as client:
            assert "no skill 'nope' is served" in await _error(
                _get(client, "skill://nope/SKILL.md"))
            assert "is not a skill's SKILL.md URI" in await _error(
                _get(client, "skill://alpha/references/guide.md"))
            assert "no skill 'nope' is served" in await _error(
                client.read_resource("skill://nope/SKILL.md"))
            assert "has no file 'references/missing.md'" in await _error(
                client.read_resource("skill://alpha/references/missing.md"))
            text = await _tool_error(client, "load_skill", {"name": "alpah"})
            assert "no skill 'alpah' is served" in text
            assert "'name' is required" in await _tool_error(client, "load_skill", {})
            assert "unknown tool 'rm'" in await _tool_error(client, "rm", {})

    run_async(run)


URIS = [
    "skill://alpha/../beta/SKILL.md",
    "skill://alpha/references/../../beta/SKILL.md",
    "skill://alpha/%2e%2e/beta/SKILL.md",
    "skill://alpha/%2E%2E%2Fbeta%2FSKILL.md",
    "skill://alpha/%252e%252e/beta/SKILL.md",
    "skill://alpha/references%2f..%2f..%2f..%2fsecret.txt",
    "skill://alpha/..%5c..%5csecret.txt",
    "skill://alpha/%00SKILL.md",
    "skill://alpha//etc/passwd",
    "skill://alpha/SKILL.md?raw=1",
    "skill://alpha/SKILL.md#x",
    "skill://user@alpha/SKILL.md",
    "skill://..%2fsecret.txt",
    "file:///etc/passwd",
    "skill:///SKILL.md",
]


@pytest.mark.parametrize("uri", URIS)
def test_traversal_in_a_uri_is_refused_with_a_message(tmp_path: Path, uri: str) -> None:
    server = _server(_library(tmp_path), [])

    async def run() -> None:
        async with Client(server.server) as client:
            message = await _error(client.read_resource(uri))
            assert message
            assert "secret" not in message.replace("secret.txt", "")
            assert await _error(_get(client, uri))

    run_async(run)


@pytest.mark.parametrize("path", ["../beta/SKILL.md", "references/../../beta/SKILL.md",
                                  "%2e%2e/beta/SKILL.md", "%252e%252e/secret.txt",
                                  "/etc/passwd", "..\\..\\secret.txt", "references/\x00x",
                                  "~/secret.txt", "C:/secret.txt", ""])
def test_traversal_in_a_tool_path_is_refused_with_a_message(tmp_path: Path, path: str) -> None:
    server = _server(_library(tmp_path), [])

    async def run() -> None:
        async with Client(server.server) as client:
            text = await _tool_error(client, "read_skill_file", {"name": "alpha",
                                                                 "path": path})
            assert "refused" in text or "required" in text, text
            assert "secret\n" not in text
            assert "beta guide" not in text

    run_async(run)


def test_a_file_changed_after_the_listing_is_refused_until_the_server_checked_it(
        tmp_path: Path) -> None:
    library = _library(tmp_path)
    log: list[str] = []
    server = _server(library, log)
    guide = library / "alpha" / "references" / "guide.md"
    uri = "skill://alpha/references/guide.md"

    async def run() -> None:
        async with Client(server.server) as client:
            before = {r["uri"]: r["digest"] for r in
                      (await _get(client, "skill://alpha/SKILL.md")).skill["resources"]}
            guide.write_text("edited, not yet checked\n", encoding="utf-8")
            message = await _error(client.read_resource(uri))
            assert f"{uri} changed since it was listed" in message
            assert before[uri] in message
            text = await _tool_error(client, "read_skill_file",
                                     {"name": "alpha", "path": "references/guide.md"})
            assert "changed since it was listed" in text
            # Same size, other bytes: the digest is what tells.
            guide.write_text("alpha GUIDE\n", encoding="utf-8")
            assert "changed since it was listed" in await _error(client.read_resource(uri))
            # Replaced by a link out of the skill folder: refused, not followed.
            guide.unlink()
            guide.symlink_to(tmp_path / "secret.txt")
            message = await _error(client.read_resource(uri))
            assert "outside the skill folder" in message
            guide.unlink()
            guide.write_text("edited and checked\n", encoding="utf-8")
            assert await anyio.to_thread.run_sync(server.reload)
            after = {r["uri"]: r["digest"] for r in
                     (await _get(client, "skill://alpha/SKILL.md")).skill["resources"]}
            digest = "sha256:" + hashlib.sha256(b"edited and checked\n").hexdigest()
            assert after[uri] == digest
            read = await client.read_resource(uri)
            assert read.contents[0].text == "edited and checked\n"  # type: ignore[union-attr]

    run_async(run)


def test_a_skill_larger_than_the_extension_allows_is_not_served_and_the_log_says_why(
        tmp_path: Path) -> None:
    library = _library(tmp_path)
    log: list[str] = []
    server = _server(library, log)
    assert "huge" not in server.served.skills
    assert any(line.startswith("not serving library/huge/SKILL.md: its files total")
               and "more than the 16 MiB a skill served over MCP may hold" in line
               for line in log), log

    async def run() -> None:
        async with Client(server.server) as client:
            assert "no skill 'huge' is served" in await _error(
                client.read_resource("skill://huge/assets/big.bin"))
            # A listed file that grows past the bound is refused, never read whole.
            data = library / "alpha" / "assets" / "data.bin"
            with data.open("r+b") as handle:
                handle.truncate(MAX_SKILL_BYTES + 1)
            message = await _error(client.read_resource("skill://alpha/assets/data.bin"))
            assert "grew to 16,777,217 bytes since it was listed (200)" in message

    run_async(run)


def test_a_flood_of_reads_is_answered_with_at_most_max_reads_files_read_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = _library(tmp_path)
    server = _server(library, [])
    lock = threading.Lock()
    running = [0, 0]  # now, most
    real_read = mcp_server.read
    gate = threading.Event()

    def counted(*args: Any) -> bytes:
        with lock:
            running[0] += 1
            running[1] = max(running)
        gate.wait(60)  # hold every read until the others have piled up
        try:
            return real_read(*args)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(mcp_server, "read", counted)
    expected = (library / "alpha" / "assets" / "data.bin").read_bytes()

    async def run() -> None:
        async with Client(server.server) as client:
            answers: list[bytes] = []

            async def one() -> None:
                read = await client.read_resource("skill://alpha/assets/data.bin")
                answers.append(base64.b64decode(read.contents[0].blob))  # type: ignore[union-attr]

            async with anyio.create_task_group() as group:
                for _ in range(60):
                    group.start_soon(one)
                with anyio.fail_after(60):
                    while running[0] < MAX_READS:
                        await anyio.sleep(0.05)
                await anyio.sleep(0.5)  # room for a fifth, were the reads not bounded
                gate.set()
            assert answers == [expected] * 60

    run_async(run)
    assert running[1] == MAX_READS


def test_http_binds_loopback_and_refuses_foreign_hosts_large_bodies_and_floods(
        tmp_path: Path) -> None:
    library = _library(tmp_path)
    config = tmp_path / "skill-catalog.yml"
    config.write_text("roots: [library]\n", encoding="utf-8")
    assert library.is_dir()
    with http_server(config) as (url, _log):
        assert url.startswith("http://127.0.0.1:")
        init = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "probe", "version": "1"}}}).encode()
        rebound_status, rebound_body = _post(url, init, host="evil.example")
        assert rebound_status in (403, 421), rebound_status
        assert b"skill-catalog" not in rebound_body
        assert _post(url, b'{"x": "' + b"a" * (512 * 1024) + b'"}')[0] == 413
        assert _post(url, init)[0] == 200
        with ThreadPoolExecutor(150) as pool:
            statuses = list(pool.map(lambda _i: _post(url, init)[0], range(150)))
        assert set(statuses) <= {200, 503}, sorted(set(statuses))

        async def still_serving() -> None:
            async with Client(url) as client:
                read = await client.read_resource("skill://beta/references/guide.md")
                assert read.contents[0].text == "beta guide\n"  # type: ignore[union-attr]

        run_async(still_serving)
    assert os.path.exists(library)


def _post(url: str, body: bytes, host: str | None = None) -> tuple[int, bytes]:
    """POST ``body`` to the MCP endpoint (``host``: the Host header to send)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=120)
    try:
        headers = {"Accept": "application/json, text/event-stream",
                   "Content-Type": "application/json"}
        if host is not None:
            headers["Host"] = host
        connection.request("POST", parts.path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    except (ConnectionError, http.client.HTTPException):
        return 503, b""  # refused at the door counts as turned away
    finally:
        connection.close()
