"""The real agent CLIs are the oracle: the pinned release of each tool runs once per probe tree
against a loopback model stub, and the skill listing it sends must be exactly what
``skill-catalog prompt --as-seen-by`` prints; ``list --as-seen-by`` must name the same skills.
Each older checked release (the profile's ``Verified.also``) runs the trees where releases can
differ: every reading rule, Codex's ``openai.yaml`` policy and its listing budget (shared with
skills bundled by the release); the folder arithmetic and the walk outside a repository are run
at the pinned release only.
The tools are installed by ``python -m tests.realtools install`` (``.ci/run`` does it) into
``.cache/`` of the repository. Without them the tests skip with that command, except in CI,
where they must run.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from skill_catalog.agents.profiles import PROFILES
from skill_catalog.api import load
from skill_catalog.cli import cli
from tests.helpers.serve import need_agents
from tests.realtools.agents import AGENTS, AgentCli, Run, comparable
from tests.realtools.trees import Tree, budget_tree, policy_tree, rules_tree

FOLDERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "claude-code": ((".claude/skills",), (".claude/skills",)),
    "codex": ((".agents/skills", ".codex/skills"), (".agents/skills", ".codex/skills")),
    "gemini-cli": ((".agents/skills", ".gemini/skills"), (".gemini/skills", ".agents/skills")),
    "opencode": ((".agents/skills", ".claude/skills", ".opencode/skills"),
                 (".claude/skills", ".agents/skills", ".config/opencode/skills")),
}
"""Per tool: the project skills folders (the first gets every case) and the home ones."""


def _releases(*tools: str) -> list[Any]:
    """``(tool, version)`` for each checked release of each tool, the pinned one first."""
    return [pytest.param(t, v, id=f"{t}-{v}") for t in tools for v in AGENTS[t].versions]


def _pinned(*tools: str) -> list[Any]:
    """``(tool, version)`` for the pinned release of each tool only: for the cases where the
    checked releases run the same code (the older ones get the cases that can differ)."""
    return [pytest.param(t, AGENTS[t].version, id=f"{t}-{AGENTS[t].version}") for t in tools]


@pytest.fixture(scope="module")
def agents() -> dict[str, AgentCli]:
    need_agents()
    return AGENTS


def _ours(tool: str, tree: Tree, run: Run, *extra: str) -> tuple[str, dict[str, Any]]:
    """``prompt --as-seen-by`` and ``list --as-seen-by --format json`` for the run's launch."""
    env: dict[str, str | None] = {k: None for k in os.environ if k.startswith(
        ("CLAUDE_", "CODEX_", "GEMINI_", "OPENCODE_", "SLASH_COMMAND", "XDG_"))}
    env.update(run.env)
    common = ["--as-seen-by", tool, "--cwd", str(tree.cwd), "--home", str(tree.home)]
    runner = CliRunner()
    prompt = runner.invoke(cli, ["prompt", *common, *extra], env=env)
    assert prompt.exit_code == 0, prompt.output
    listing = runner.invoke(cli, ["list", *common, "--format", "json"], env=env)
    listed = json.loads(listing.stdout)
    # Exit status 1 says the tool rejects a skill of the tree, or loads one with errors (the
    # rules tree holds both kinds).
    with_errors = [s["path"] for s in listed["skills"]
                   if not all(skill.valid for skill in load(s["path"], workers=1).skills)]
    assert listing.exit_code == (1 if listed["rejected"] or with_errors else 0), listing.output
    return prompt.stdout, listed


def _listed_names(tool: str, seen: str) -> list[str]:
    """The names of the listing lines our output holds (a skill listed twice counts twice)."""
    from skill_catalog.observed import OBSERVED  # noqa: F401  (the tools' own line shapes)

    names = []
    for line in seen.split("\n"):
        if tool in ("gemini-cli", "opencode") and line.startswith("    <name>"):
            names.append(line[len("    <name>"):-len("</name>")])
        elif tool in ("claude-code", "codex") and line.startswith("- ") and \
                not line.startswith("- `r"):
            names.append(line[2:].split(": ", 1)[0].split(" (", 1)[0].rstrip(":"))
    return names


def _check(agent: AgentCli, tree: Tree, env: dict[str, str] | None = None,
           *extra: str) -> str:
    run = agent.run(tree.cwd, tree.home, env=env)
    expected = agent.seen(run)
    assert expected is not None, f"{agent.profile} sent no skill listing:\n{run.output[-3000:]}"
    ours, listed = _ours(agent.profile, tree, run, *extra)
    assert comparable(agent.profile, ours) == comparable(agent.profile, expected)
    loaded = {s["path"] for s in listed["skills"]}
    unlisted = {s["path"] for s in listed["skills"] if s.get("listed") is False}
    assert len(_listed_names(agent.profile, ours)) == len(loaded - unlisted) or \
        agent.profile == "codex"  # Codex may leave skills out for its budget (checked below)
    return ours


@pytest.mark.parametrize(("tool", "version"), _releases(*FOLDERS))
def test_every_rule_is_listed_as_the_tool_lists_it(agents: dict[str, AgentCli], tool: str,
                                                   version: str, tmp_path: Path) -> None:
    project, home = FOLDERS[tool]
    tree = rules_tree(tmp_path, project, home)
    ours = _check(agents[tool].at(version), tree)
    assert "plain" in ours  # the tree was read at all


@pytest.mark.parametrize(("tool", "version"), _pinned("claude-code", "codex"))
def test_outside_a_repository(agents: dict[str, AgentCli], tool: str, version: str,
                              tmp_path: Path) -> None:
    project, home = FOLDERS[tool]
    _check(agents[tool].at(version), rules_tree(tmp_path, project, home, git=False))


@pytest.mark.parametrize("version", AGENTS["codex"].versions)
def test_codex_keeps_skills_out_as_its_openai_yaml_says(agents: dict[str, AgentCli],
                                                        version: str, tmp_path: Path) -> None:
    """Skills whose ``agents/openai.yaml`` turns implicit invocation off, or restricts them to
    another product, among valid and invalid variants of the file (which Codex ignores whole):
    ``prompt --as-seen-by codex`` prints what Codex sends, line for line, and ``list`` marks
    the skills it leaves out."""
    tree = policy_tree(tmp_path)
    run = agents["codex"].at(version).run(tree.cwd, tree.home)
    expected = agents["codex"].seen(run)
    assert expected is not None, run.output[-3000:]
    ours, listed = _ours("codex", tree, run)
    assert ours == expected
    by_folder = {Path(s["path"]).name: s for s in listed["skills"]}
    assert by_folder["off"]["listed"] is False
    assert "allow_implicit_invocation" in by_folder["off"]["not_listed"]
    assert "- on-quoted: " in ours
    assert "- off: " not in ours
    assert "- off-only: " not in ours
    rejected = {Path(r["path"]).name for r in listed["rejected"]}
    assert "chatgpt-only" in rejected
    assert "codex-and-chatgpt" not in rejected


@pytest.mark.parametrize(("tool", "count", "pad", "version"), [
    ("claude-code", 40, 0, AGENTS["claude-code"].version),
    *(("codex", 30, pad, AGENTS["codex"].version) for pad in range(4)),
    *(("codex", 30, 0, version) for version in AGENTS["codex"].versions[1:])])
def test_the_listing_budget_cuts_what_the_tool_cuts(agents: dict[str, AgentCli], tool: str,
                                                    count: int, pad: int, version: str,
                                                    tmp_path: Path) -> None:
    """``pad`` lengthens the tree's folder paths: Codex charges its roots table (three folders
    here) by bytes past an allowance, so each of the four remainders of its length is tried
    at the pinned release. The older releases share the budget with other bundled skills
    (skill_catalog/observed/codex.py, ``BUILTIN``), the part that can differ: one tree each,
    and the overflow case below."""
    project, home = FOLDERS[tool]
    tree = budget_tree(tmp_path / ("p" * pad), project[0], count, 900, home=home[0])
    ours = _check(agents[tool].at(version), tree)
    assert "s000" in ours


def test_claude_code_lists_every_name_when_even_names_do_not_fit(
        agents: dict[str, AgentCli], tmp_path: Path) -> None:
    tree = budget_tree(tmp_path, ".claude/skills", 12, 500)
    ours = _check(agents["claude-code"], tree, {"SLASH_COMMAND_TOOL_CHAR_BUDGET": "3000"})
    assert "- s011\n" in ours


@pytest.mark.parametrize("version", AGENTS["codex"].versions)
def test_codex_leaves_lines_out_when_even_names_do_not_fit(
        agents: dict[str, AgentCli], version: str, tmp_path: Path) -> None:
    tree = budget_tree(tmp_path, ".agents/skills", 40, 300)
    config = tree.home / ".codex" / "config.toml"

    def small_window(home: Path, url: str) -> dict[str, str]:
        env = agents["codex"].configure(home, url)
        config.write_text("model_context_window = 12000\n" + config.read_text())
        return env

    import dataclasses as dc
    agent = dc.replace(agents["codex"].at(version), configure=small_window)
    ours = _check(agent, tree)
    assert "s000" in ours
    assert "s039" not in ours


def test_each_observed_profile_names_the_release_the_harness_runs() -> None:
    for tool, agent in AGENTS.items():
        verified = PROFILES[tool].verified
        assert verified is not None
        assert verified.package == agent.package
        assert PROFILES[tool].observed == tool
