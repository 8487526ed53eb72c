"""``skill-catalog mcp`` follows the library: after an edit a connected client is told
(``notifications/resources/list_changed``), pushed on a handshake-era connection and on the
``subscriptions/listen`` stream of a 2026-07-28 one; the new entry then carries the new digest.
(How fast, at 2,000 skills, is measured by ``benchmarks/mcp_list_changed.py``, not here.)"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

import mcp_types
from mcp import Client, StdioServerParameters
from mcp.client import advertise

from skill_catalog.mcp.library import EXTENSION
from tests.mcp_helpers import command, environment, run_async, skill_md

WAIT = 120
"""Seconds after which a notification that has not come is a failure (not a speed limit)."""


def _library(tmp_path: Path) -> Path:
    library = tmp_path / "library"
    for name in ("one", "two"):
        (library / name / "references").mkdir(parents=True)
        (library / name / "SKILL.md").write_text(
            skill_md(name, f"Skill {name}. Use when testing changes."), encoding="utf-8")
        (library / name / "references" / "notes.md").write_text("first\n", encoding="utf-8")
    return library


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_an_edit_reaches_a_connected_client_as_list_changed(tmp_path: Path, mode: str) -> None:
    library = _library(tmp_path)
    notes = library / "one" / "references" / "notes.md"
    cmd = command(str(library), "--poll")
    params = StdioServerParameters(command=cmd[0], args=cmd[1:], env=environment(),
                                   cwd=str(tmp_path))
    changed = anyio.Event()

    async def on_message(message: Any) -> None:
        if isinstance(message, mcp_types.ResourceListChangedNotification):
            changed.set()

    async def run() -> None:
        from fastmcp.skills.models import (
            GetSkillParams,
            GetSkillRequest,
            GetSkillResult,
        )

        async def entry() -> dict[str, str]:
            got = await client.session.send_request(
                GetSkillRequest(params=GetSkillParams(uri="skill://one/SKILL.md")),
                GetSkillResult)
            assert isinstance(got.skill.resources, list)
            return {r.uri: r.digest for r in got.skill.resources}

        async with Client(params, mode=mode, message_handler=on_message,
                          extensions=[advertise(EXTENSION)]) as client:
            before = await entry()
            assert before["skill://one/references/notes.md"] == _digest(b"first\n")
            if mode == "legacy":
                notes.write_text("second\n", encoding="utf-8")
                with anyio.fail_after(WAIT):
                    await changed.wait()
            else:
                async with client.listen(resources_list_changed=True) as events:
                    notes.write_text("second\n", encoding="utf-8")
                    with anyio.fail_after(WAIT):
                        async for _event in events:
                            break
            after = await entry()
            assert after["skill://one/references/notes.md"] == _digest(b"second\n")
            assert after["skill://one/SKILL.md"] == before["skill://one/SKILL.md"]
            read = await client.read_resource("skill://one/references/notes.md")
            assert read.contents[0].text == "second\n"  # type: ignore[union-attr]

    run_async(run)


def _digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()
