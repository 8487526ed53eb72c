"""Instruction files (AGENTS.md, CLAUDE.md, ...): each tool's load order, pinned by the cases
of tests/fixtures/profiles/instructions.yml, and the ``skill-catalog instructions`` command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skill_catalog.agents.instructions import instruction_files
from skill_catalog.agents.profiles import DEFAULT_PROFILE, PROFILES
from tests.helpers.profiles import (
    build_tree,
    clean_profile_env,
    launch_for,
    load_cases,
    tmp_relpath,
)


@pytest.fixture
def tmp(tmp_path: Path) -> Path:
    return tmp_path.resolve()


@pytest.mark.parametrize("case", [pytest.param(c, id=c["case"])
                                  for c in load_cases("instructions.yml")])
def test_tool_loads_instruction_files_in_order(case: dict[str, Any], tmp: Path) -> None:
    build_tree(tmp, case["tree"])
    files = instruction_files(PROFILES[case["tool"]], launch_for(tmp, case))
    found = [[tmp_relpath(f.path, tmp), f.scope] for f in files
             if tmp_relpath(f.path, tmp) is not None]
    assert found == case["files"]


def test_every_tool_with_instruction_rules_has_a_case() -> None:
    tools = {c["tool"] for c in load_cases("instructions.yml")}
    with_rules = {name for name, p in PROFILES.items()
                  if p.instructions.names or p.instructions.global_files}
    assert with_rules - {"cursor", "agents", "shipmyagent", "crush-seed"} <= tools


def _run(*args: str) -> Any:
    from click.testing import CliRunner

    from skill_catalog.cli import cli

    return CliRunner().invoke(cli, ["instructions", *args], env=clean_profile_env())


def test_instructions_command_defaults_to_agent_cpp(tmp: Path) -> None:
    assert DEFAULT_PROFILE == "agent-cpp"
    build_tree(tmp, {"repo/.git/": None, "repo/AGENTS.md": "a", "repo/pkg/CLAUDE.md": "c",
                     "home/.agents/AGENTS.md": "g"})
    result = _run("--cwd", str(tmp / "repo/pkg"), "--home", str(tmp / "home"), "-f", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"tool": "agent-cpp", "files": [
        {"path": str(tmp / "home/.agents/AGENTS.md"), "scope": "global"},
        {"path": str(tmp / "repo/AGENTS.md"), "scope": "project"},
        {"path": str(tmp / "repo/pkg/CLAUDE.md"), "scope": "project"},
    ]}
    text = _run("--cwd", str(tmp / "repo/pkg"), "--home", str(tmp / "home")).output
    assert text.splitlines()[0] == "agent-cpp loads, in this order:"
    assert text.splitlines()[2].endswith(f"project  {tmp}/repo/AGENTS.md")


def test_instructions_command_per_tool_and_unknown_tool(tmp: Path) -> None:
    build_tree(tmp, {"repo/.git/": None, "repo/AGENTS.md": "a", "repo/CLAUDE.md": "c"})
    result = _run("--as-seen-by", "claude-code", "--cwd", str(tmp / "repo"), "--home",
                  str(tmp / "home"), "-f", "json")
    paths = [f["path"] for f in json.loads(result.output)["files"]]
    assert str(tmp / "repo/CLAUDE.md") in paths
    assert str(tmp / "repo/AGENTS.md") not in paths
    unknown = _run("--as-seen-by", "emacs", "--cwd", str(tmp))
    assert unknown.exit_code == 2
    assert "known tools: claude-code" in unknown.output
    none = _run("--as-seen-by", "openseed", "--cwd", str(tmp / "repo"), "--home", str(tmp))
    assert none.output == "openseed loads no instruction file here\n"
