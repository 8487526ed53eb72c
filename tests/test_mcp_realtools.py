"""The real agent CLIs (the pinned releases of tests/realtools), configured with
``skill-catalog mcp`` as their MCP server, send our tools and the server's instructions in their
request to the model stub. None of them lists the served skills as skills: Claude Code 2.1.332
knows the Skills extension but keeps it behind a feature gate that is off; Codex, Gemini CLI and
OpenCode do not implement it (docs/mcp.md). The day one does, the skill names appear in its
skill listing and the last assertion fails, asking for the docs to be updated."""

from __future__ import annotations

import dataclasses as dc
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from tests.environment import IN_CI
from tests.mcp_helpers import skill_md
from tests.realtools.agents import AGENTS, AgentCli, missing

TOOLS = ("list_skills", "search_skills", "load_skill", "read_skill_file")
INSTRUCTIONS = "Agent Skills of a checked library."
SERVED = "mcp-served-probe"
"""A skill name that no tool ships and no folder of the run holds: it can only come over MCP."""


def _server(library: Path) -> list[str]:
    return [sys.executable, "-m", "skill_catalog", "mcp", str(library)]


def _configured(agent: AgentCli, library: Path) -> AgentCli:
    """``agent`` with ``skill-catalog mcp`` as its MCP server ``skills``, configured as the tool's
    documentation says (docs/mcp.md shows the same)."""
    server = _server(library)
    base = agent.configure

    def configure(home: Path, url: str) -> dict[str, str]:
        env = base(home, url)
        if agent.profile == "codex":  # required: wait for it (it takes seconds to start)
            config = home / ".codex" / "config.toml"
            config.write_text(config.read_text(encoding="utf-8") + "[mcp_servers.skills]\n"
                              f"command = {json.dumps(server[0])}\n"
                              f"args = {json.dumps(server[1:])}\n"
                              "required = true\nstartup_timeout_sec = 120\n", encoding="utf-8")
        elif agent.profile == "gemini-cli":
            settings = home / ".gemini" / "settings.json"
            data = json.loads(settings.read_text(encoding="utf-8"))
            # trust: its tools need no confirmation, which a non-interactive run cannot give
            data["mcpServers"] = {"skills": {"command": server[0], "args": server[1:],
                                             "trust": True}}
            settings.write_text(json.dumps(data), encoding="utf-8")
        elif agent.profile == "opencode":
            config = home / ".config" / "opencode" / "opencode.json"
            data = json.loads(config.read_text(encoding="utf-8"))
            data["mcp"] = {"skills": {"type": "local", "command": server, "enabled": True}}
            config.write_text(json.dumps(data), encoding="utf-8")
        return env

    argv = agent.argv
    if agent.profile == "claude-code":
        mcp_config = library.parent / "claude-mcp.json"
        mcp_config.write_text(json.dumps({"mcpServers": {"skills": {
            "command": server[0], "args": server[1:]}}}), encoding="utf-8")
        argv = (*argv, "--mcp-config", str(mcp_config), "--strict-mcp-config")
    return dc.replace(agent, configure=configure, argv=argv)


TOOL_NAMES = {
    "claude-code": "mcp__skills__{}",  # deferred: named in the ToolSearch list
    "codex": '"name": "{}"',  # functions of the namespace "mcp__skills"
    "gemini-cli": "mcp_skills_{}",
    "opencode": "skills_{}",
}


@pytest.mark.parametrize("tool", sorted(TOOL_NAMES))
def test_the_real_tool_sends_our_tools_to_the_model(tool: str, tmp_path: Path) -> None:
    absent = [name for name in missing() if name.startswith(AGENTS[tool].package)]
    if absent:
        reason = f"not installed: {', '.join(absent)}; run `python -m tests.realtools install`"
        if IN_CI:
            pytest.fail(f"CI must run the real agent CLIs: {reason}")
        pytest.skip(reason)
    library = tmp_path / "library"
    (library / SERVED).mkdir(parents=True)
    (library / SERVED / "SKILL.md").write_text(
        skill_md(SERVED, "A skill only the MCP server serves. Use when probing."),
        encoding="utf-8")
    agent = _configured(AGENTS[tool], library)
    (tmp_path / "cwd").mkdir()
    run = agent.run(tmp_path / "cwd", tmp_path / "home")
    assert run.returncode == 0, run.output
    sent = json.dumps(run.bodies()[-1])
    for name in TOOLS:
        assert TOOL_NAMES[tool].format(name) in sent, (tool, name)
    if tool == "codex":
        assert '"type": "namespace", "name": "mcp__skills"' in sent
    assert INSTRUCTIONS in sent
    listing = agent.listing_text(run) or ""
    assert SERVED not in listing  # the extension's skills are not listed as skills (yet)
