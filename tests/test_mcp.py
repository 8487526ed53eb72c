"""``skill-catalog mcp`` driven by clients that are not ours: the official ``mcp`` SDK's
``Client`` and FastMCP's SEP-2640 client and models, over stdio and Streamable HTTP. Every
served skill is listed (across pages) and got, and every file's bytes and SHA-256 equal the
source; invalid, withheld and internal skills are not served, and the log says why."""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mcp")
pytest.importorskip("fastmcp")

import mcp_types
from fastmcp import Client as FastMCPClient
from fastmcp.client.transports import StdioTransport
from fastmcp.skills import SkillsClientExtension
from fastmcp.skills.models import (
    GetSkillParams,
    GetSkillRequest,
    GetSkillResult,
    ListSkillsParams,
    ListSkillsRequest,
    ListSkillsResult,
    MCPSkill,
)
from mcp import Client, StdioServerParameters
from mcp.client import advertise

from skill_catalog.mcp.library import EXTENSION
from tests.mcp_helpers import (
    NOT_SERVED,
    SERVED,
    command,
    environment,
    http_server,
    make_library,
    run_async,
    sha256,
    source_files,
)


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_library(tmp_path_factory.mktemp("mcp"))


def _stdio(config: Path) -> StdioServerParameters:
    cmd = command("-c", str(config))
    return StdioServerParameters(command=cmd[0], args=cmd[1:], env=environment(),
                                 cwd=str(config.parent))


def _bytes(contents: Any) -> bytes:
    if isinstance(contents, mcp_types.TextResourceContents):
        return contents.text.encode("utf-8")
    return base64.b64decode(contents.blob)


async def _every_entry(send: Callable[[str | None], Any]) -> tuple[list[MCPSkill], int]:
    """Every skills/list entry, following nextCursor; and the number of pages."""
    entries: list[MCPSkill] = []
    cursor, pages = None, 0
    while True:
        result = await send(cursor)
        pages += 1
        entries += result.skills
        cursor = result.next_cursor
        if cursor is None:
            return entries, pages


def _check_entries(entries: list[MCPSkill], library: Path) -> None:
    assert sorted(e.frontmatter.name for e in entries) == sorted(SERVED)
    for entry in entries:
        name = entry.frontmatter.name
        assert entry.uri == f"skill://{name}/SKILL.md"
        files = source_files(library / name)
        assert isinstance(entry.resources, list)
        listed = {r.uri: (r.digest, r.size) for r in entry.resources}
        prefix = f"skill://{name}/"
        from urllib.parse import unquote

        assert {unquote(uri.removeprefix(prefix)): value for uri, value in listed.items()} == {
            path: (sha256(data), len(data)) for path, data in files.items()}
    alpha = next(e for e in entries if e.frontmatter.name == "alpha")
    assert alpha.frontmatter.root == {
        "name": "alpha", "description": "Exercise every kind of file. Use when testing the "
        "MCP server.", "license": "Apache-2.0", "metadata": {"version": "2.1", "team": "tools"}}


async def _official(client: Client, library: Path) -> None:
    """skills/list (every page), skills/get and resources/read of every file, with the SDK."""
    capabilities = client.server_capabilities
    assert capabilities is not None
    assert capabilities.extensions is not None
    assert EXTENSION in capabilities.extensions
    session = client.session

    async def page(cursor: str | None) -> ListSkillsResult:
        return await session.send_request(
            ListSkillsRequest(params=ListSkillsParams(cursor=cursor)), ListSkillsResult)

    entries, pages = await _every_entry(page)
    assert pages == 2  # 106 skills, 100 a page, no entry split
    _check_entries(entries, library)
    for entry in entries:
        got = await session.send_request(
            GetSkillRequest(params=GetSkillParams(uri=entry.uri)), GetSkillResult)
        assert got.skill == entry
        assert isinstance(entry.resources, list)
        for resource in entry.resources:
            read = await client.read_resource(resource.uri)
            (contents,) = read.contents
            data = _bytes(contents)
            assert (sha256(data), len(data)) == (resource.digest, resource.size), resource.uri
    tools = {t.name for t in (await client.list_tools()).tools}
    assert tools == {"list_skills", "search_skills", "load_skill", "read_skill_file"}
    listing = await client.call_tool("list_skills", {})
    text = listing.content[0].text  # type: ignore[union-attr]
    assert all(f"- {name}: " in text for name in SERVED)
    assert not any(f"- {name}: " in text for name in NOT_SERVED)


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_the_official_sdk_client_lists_gets_and_reads_every_served_skill(
        config: Path, transport: str) -> None:
    library = config.parent / "library"

    async def run(server: Any) -> None:
        async with Client(server, extensions=[advertise(EXTENSION)]) as client:
            await _official(client, library)

    if transport == "stdio":
        run_async(run, _stdio(config))
    else:
        with http_server(config) as (url, _log):
            run_async(run, url)


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_fastmcp_sep2640_client_reads_and_verifies_every_skill(config: Path,
                                                              transport: str) -> None:
    """FastMCP's read_skill checks each file's size and digest against skills/get and the
    SKILL.md frontmatter against the entry; the files it returns are the folder's."""
    library = config.parent / "library"

    async def run(target: Any) -> None:
        async with FastMCPClient(target, extensions=[SkillsClientExtension()]) as client:
            entries = await client.list_skills()
            _check_entries(entries, library)
            for entry in entries:
                skill = await client.read_skill(entry.uri)
                assert dict(skill.files) == source_files(
                    library / entry.frontmatter.name)

    if transport == "stdio":
        log = config.parent / "fastmcp-stdio.log"
        cmd = command("-c", str(config))
        run_async(run, StdioTransport(cmd[0], cmd[1:], env=environment(),
                                      cwd=str(config.parent), log_file=log))
        _check_log(log.read_text(encoding="utf-8"))
    else:
        with http_server(config) as (url, log):
            run_async(run, url)
            _check_log(log.read_text(encoding="utf-8"))


def _check_log(text: str) -> None:
    for name, why in NOT_SERVED.items():
        assert f"not serving library/{name}/SKILL.md: {why}" in text, (name, text)
    assert f"serving {len(SERVED)} skills" in text


def test_handshake_era_clients_get_the_extension_too(config: Path) -> None:
    """A client on the initialize handshake (2025-11-25, what agent tools speak today) is told
    of the extension and can call skills/list."""
    library = config.parent / "library"

    async def run() -> None:
        async with Client(_stdio(config), mode="legacy",
                          extensions=[advertise(EXTENSION)]) as client:
            assert client.session.protocol_version == "2025-11-25"  # type: ignore[attr-defined]
            capabilities = client.server_capabilities
            assert capabilities is not None
            assert capabilities.extensions == {EXTENSION: {}}
            raw = await client.session.send_request(
                ListSkillsRequest(params=ListSkillsParams()), ListSkillsResult)
            assert len(raw.skills) == 100
            read = await client.read_resource("skill://alpha/assets/logo.bin")
            assert _bytes(read.contents[0]) == (library / "alpha/assets/logo.bin").read_bytes()

    run_async(run)
