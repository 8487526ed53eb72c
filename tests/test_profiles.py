"""Agent tool profiles: each tool's fixture trees (tests/fixtures/profiles/<tool>.yml) pin its
walk-up, depth, hidden folders, links, precedence and rejections; plus the folder templates,
``would_load`` for a checked-out library, the ``list`` command and docs/agents.md.

A fixture tree maps paths to contents (see :func:`build_tree`); each case names the start folder
(``cwd``), optional ``env``, ``extra_paths`` and ``allow_external_paths``, and the exact
``loaded`` ([name, path, scope]), ``shadowed`` ([name, path, by, part of the reason]) and
``rejected`` ([path, part of the reason]) lists, paths relative to the temporary folder, where
``home/`` is the fake home and ``sys/`` the system root. No ``git init``: a ``.git`` folder, or
a ``.git`` file for a worktree, marks a repository.
"""

from __future__ import annotations

import dataclasses as dc
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import skill_catalog
from skill_catalog.agents.agent_view import project_view, see, would_load
from skill_catalog.agents.agents_doc import (
    COLUMN_FIELDS,
    COLUMNS,
    INFERRED_MARK,
    VERIFIED_MARK,
    agents_markdown,
    agents_text,
    rule_status,
)
from skill_catalog.agents.launch import Launch, expand, folders_up, git_root
from skill_catalog.agents.profiles import PROFILES
from skill_catalog.agents.skill_checks import CHECKS
from skill_catalog.agents.tool_profile import Profile
from skill_catalog.cli import cli
from skill_catalog.model import Budget
from tests.environment import REPO
from tests.helpers.libraries import make_checkout, write_skill
from tests.helpers.profiles import (
    PROFILE_FIXTURES,
    build_tree,
    clean_profile_env,
    launch_for,
    load_cases,
    tmp_relpath,
)

# Fixture trees ------------------------------------------------------------------------------


def _skill_cases() -> list[Any]:
    cases = []
    for profile in PROFILES:
        for case in load_cases(f"{profile}.yml"):
            cases.append(pytest.param(profile, case, id=f"{profile}: {case['case']}"))
    return cases


@pytest.fixture
def tmp(tmp_path: Path) -> Path:
    return tmp_path.resolve()


@pytest.mark.parametrize(("tool", "case"), _skill_cases())
def test_tool_loads_what_its_fixture_says(tool: str, case: dict[str, Any], tmp: Path) -> None:
    build_tree(tmp, case["tree"])
    extra = [str(p).replace("{tmp}", str(tmp)) for p in case.get("extra_paths", [])]
    view = see(PROFILES[tool], launch_for(tmp, case), extra,
               allow_external_paths=case.get("allow_external_paths", False))

    loaded = [[s.name, tmp_relpath(s.path, tmp), s.scope] for s in view.skills
              if tmp_relpath(s.path, tmp)]
    expected_loaded = case.get("loaded", [])
    if case.get("ordered"):
        assert loaded == expected_loaded
    else:
        assert sorted(loaded) == sorted(expected_loaded)

    shadowed = sorted((s.name, tmp_relpath(s.path, tmp), tmp_relpath(s.by, tmp), s.reason)
                      for s in view.shadowed if tmp_relpath(s.path, tmp))
    expected_shadowed = sorted(case.get("shadowed", []))
    assert [s[:3] for s in shadowed] == [tuple(e[:3]) for e in expected_shadowed]
    for actual, expected in zip(shadowed, expected_shadowed, strict=True):
        assert expected[3] in actual[3]
        assert actual[3].startswith(("shadowed by ", "the same SKILL.md as "))

    rejected = sorted((tmp_relpath(r.path, tmp), r.reason) for r in view.rejected
                      if tmp_relpath(r.path, tmp))
    expected_rejected = sorted(case.get("rejected", []))
    assert [r[0] for r in rejected] == [e[0] for e in expected_rejected]
    for actual, expected in zip(rejected, expected_rejected, strict=True):
        assert expected[1] in actual[1]
        assert actual[1].endswith(f"({PROFILES[tool].title} does not load it)")


def test_every_profile_has_a_fixture_file() -> None:
    files = {p.stem for p in PROFILE_FIXTURES.glob("*.yml")} - {"instructions"}
    assert files == set(PROFILES)


# The profile table --------------------------------------------------------------------------

REQUIRED = ("claude-code", "opencode", "codex", "crush", "gemini-cli", "copilot", "goose",
            "cursor", "agents", "agent-cpp", "crush-seed", "agent-core", "shipmyagent",
            "openseed")


def test_every_required_tool_has_a_profile() -> None:
    assert tuple(PROFILES) == REQUIRED


@pytest.mark.parametrize("profile", PROFILES.values(), ids=list(PROFILES))
def test_profile_entries_are_consistent(profile: Profile) -> None:
    assert profile.title
    assert profile.source
    assert profile.notes
    assert profile.roots
    assert all(key in CHECKS for key in profile.rejects)
    fields = {f.name for f in dc.fields(Profile)}
    assert profile.inferred <= fields
    assert profile.budget is None or isinstance(profile.budget, Budget)
    if profile.duplicates == "scope-precedence":
        assert {r.scope for r in profile.roots} <= set(profile.scope_order)
    if profile.inferred:
        assert any("[inf]" in note or "[re]" in note for note in profile.notes), profile.name


def test_budgets_the_prompt_writer_reads() -> None:
    claude = PROFILES["claude-code"].budget
    assert claude is not None
    assert claude.context_fraction == 0.01
    assert claude.per_entry_chars == 1536
    assert claude.strategy == "drop-descriptions"
    codex = PROFILES["codex"].budget
    assert codex is not None
    assert (codex.unit, codex.context_fraction) == ("tokens", 0.02)
    copilot = PROFILES["copilot"].budget
    assert copilot is not None
    assert copilot.fixed == 15000
    assert PROFILES["opencode"].budget is None


# Templates and the walk up ------------------------------------------------------------------


def test_templates_use_the_given_home_environment_and_system_root(tmp: Path) -> None:
    launch = Launch(cwd=tmp / "p", home=tmp / "h", env={"XDG_CONFIG_HOME": str(tmp / "x"),
                                                         "EMPTY": ""}, system=tmp / "s")
    assert expand("${XDG_CONFIG_HOME:-~/.config}/crush", launch) == tmp / "x" / "crush"
    assert expand("${CODEX_HOME:-~/.codex}/skills", launch) == tmp / "h" / ".codex" / "skills"
    assert expand("${EMPTY:-~/e}", launch) == tmp / "h" / "e"
    assert expand("${CRUSH_SKILLS_DIR}", launch) is None
    assert expand("/etc/codex/skills", launch) == tmp / "s" / "etc" / "codex" / "skills"
    assert expand("{cwd}/.agents/skills", launch) == tmp / "p" / ".agents" / "skills"
    assert expand("{dir}/.claude/skills", launch) is None
    assert expand("~/.claude/skills", dc.replace(launch, home=None)) is None


def test_walk_up_stops_at_a_git_folder_or_worktree_file(tmp: Path) -> None:
    (tmp / "repo" / ".git").mkdir(parents=True)
    (tmp / "wt" / "a" / "b").mkdir(parents=True)
    (tmp / "wt" / ".git").write_text("gitdir: /elsewhere\n")
    start = tmp / "repo" / "x" / "y"
    start.mkdir(parents=True)
    assert folders_up(start, "git-root") == [start, start.parent, tmp / "repo"]
    assert git_root(tmp / "wt" / "a" / "b") == tmp / "wt"
    assert folders_up(start, "none") == [start]
    assert folders_up(start, "fs-root")[-1] == Path("/")


# would_load: a library checked out as a project ---------------------------------------------


@pytest.fixture
def checkout(tmp: Path) -> Path:
    return make_checkout(tmp / "checkout")


def _verdict(checkout: Path, relpath: str, tool: str) -> tuple[bool, str]:
    catalog = skill_catalog.load([checkout])
    skill = next(s for s in catalog if s.relpath == relpath)
    verdict = would_load(skill, PROFILES[tool], checkout)
    return verdict.loaded, verdict.reason


def test_would_load_explains_a_skill_outside_the_tool_folders(checkout: Path) -> None:
    loaded, reason = _verdict(checkout, "skills/plain", "claude-code")
    assert not loaded
    assert reason.startswith("Claude Code reads only .claude/skills/<name>/SKILL.md one level "
                             "deep")
    assert reason.endswith("this skill is at skills/plain")


def test_would_load_accepts_a_skill_in_the_tool_folder(checkout: Path) -> None:
    loaded, reason = _verdict(checkout, ".claude/skills/claude-one", "claude-code")
    assert loaded
    assert "'claude-one'" in reason


def test_would_load_reports_rejection_and_shadowing(checkout: Path) -> None:
    loaded, reason = _verdict(checkout, ".github/skills/misnamed", "copilot")
    assert not loaded
    assert reason == ("rejected: name 'other' does not match folder 'misnamed' "
                      "(GitHub Copilot does not load it)")
    loaded, reason = _verdict(checkout, ".claude/skills/shared", "agent-cpp")
    assert not loaded
    assert reason.startswith(f"shadowed by {checkout}/.agents/skills/shared")
    assert _verdict(checkout, ".agents/skills/shared", "agent-cpp")[0]


def test_would_load_names_hidden_folders_and_global_only_tools(checkout: Path) -> None:
    loaded, reason = _verdict(checkout, ".agents/skills/.hidden/secret", "codex")
    assert not loaded
    assert "skips hidden folders such as '.hidden'" in reason
    assert _verdict(checkout, ".agents/skills/.hidden/secret", "crush")[0]
    loaded, reason = _verdict(checkout, ".agents/skills/shared", "agent-core")
    assert not loaded
    assert "reads no skills from a project folder" in reason


def test_project_view_ignores_home_folders(checkout: Path, tmp: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    write_skill(tmp / "home", ".claude/skills/claude-one")
    monkeypatch.setenv("HOME", str(tmp / "home"))
    view = project_view(PROFILES["claude-code"], checkout)
    assert sorted((s.name, s.scope) for s in view.skills) == [
        ("claude-one", "project"), ("shared", "project")]
    assert {r.scope for r in view.roots} == {"project"}


# skill-catalog list -------------------------------------------------------------------------


def _project(tmp: Path) -> Path:
    build_tree(tmp, {
        "proj/.git/": None,
        "proj/.claude/skills/deploy": "skill",
        "home/.claude/skills/deploy": "skill",
        "proj/.github/skills/misnamed": {"name": "other", "description": "Misnamed."},
    })
    return tmp / "proj"


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), env=clean_profile_env())


def test_list_as_seen_by_json_keeps_its_keys(tmp: Path) -> None:
    project = _project(tmp)
    result = _invoke("list", "--as-seen-by", "claude-code", "--cwd", str(project),
                     "--home", str(tmp / "home"), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"tool", "skills", "shadowed", "rejected"} <= set(data)
    assert data["tool"] == "claude-code"
    assert data["skills"] == [{"name": "deploy", "path": str(tmp / "home/.claude/skills/deploy"),
                               "scope": "personal", "listed": True}]
    assert data["shadowed"] == [{
        "name": "deploy", "path": str(project / ".claude/skills/deploy"),
        "by": str(tmp / "home/.claude/skills/deploy"),
        "reason": f"shadowed by {tmp}/home/.claude/skills/deploy (personal beats project in "
                  "Claude Code)"}]
    assert data["rejected"] == []


def test_list_paths_only_filter_the_report(tmp: Path) -> None:
    project = _project(tmp)
    result = _invoke("list", str(project), "--as-seen-by", "copilot", "--cwd", str(project),
                     "--home", str(tmp / "home"), "-f", "json")
    data = json.loads(result.output)
    assert data["skills"] == [{"name": "deploy", "path": str(project / ".claude/skills/deploy"),
                               "scope": "workspace"}]
    assert data["shadowed"] == []  # the home copy it shadows lies outside PATH
    assert data["rejected"] == [{
        "path": str(project / ".github/skills/misnamed"),
        "reason": "name 'other' does not match folder 'misnamed' (GitHub Copilot does not "
                  "load it)"}]


def test_list_text_names_winner_reason_and_searched_folders(tmp: Path) -> None:
    project = _project(tmp)
    result = _invoke("list", "--as-seen-by", "claude-code", "--cwd", str(project),
                     "--home", str(tmp / "home"))
    assert result.exit_code == 0
    assert "personal beats project in Claude Code" in result.output
    assert f"personal  {tmp}/home/.claude/skills" in result.output


def test_list_as_seen_by_all_is_a_matrix(tmp: Path) -> None:
    project = _project(tmp)
    write_skill(project, "lib/lonely")  # under PATH but in no tool's folders
    result = _invoke("list", str(project), "--as-seen-by", "all", "--cwd", str(project),
                     "--home", str(tmp / "home"), "-f", "json")
    assert result.exit_code == 1, result.output  # copilot rejects "misnamed"
    data = json.loads(result.output)
    assert data["tools"] == list(PROFILES)
    rows = {Path(r["path"]).relative_to(project).as_posix(): r for r in data["skills"]}
    assert set(rows) == {".claude/skills/deploy", ".github/skills/misnamed", "lib/lonely"}
    assert set(rows["lib/lonely"]["seen_by"].values()) == {"absent"}
    deploy = rows[".claude/skills/deploy"]["seen_by"]
    assert (deploy["claude-code"], deploy["copilot"], deploy["codex"]) == (
        "shadowed", "loaded", "absent")
    misnamed = rows[".github/skills/misnamed"]
    assert misnamed["name"] == "other"
    assert (misnamed["seen_by"]["copilot"], misnamed["seen_by"]["opencode"]) == (
        "rejected", "absent")
    text = _invoke("list", str(project), "--as-seen-by", "all", "--cwd", str(project),
                   "--home", str(tmp / "home")).output
    short = text.splitlines()[0].split()[1:-1]  # a column per tool, abbreviated
    legend = " ".join(text.split("\n\n", 1)[1].split())
    assert all(f"{abbreviation} {tool}" in legend
               for abbreviation, tool in zip(short, PROFILES, strict=True))


def test_list_unknown_tool_is_a_usage_error_listing_the_known(tmp: Path) -> None:
    result = _invoke("list", "--as-seen-by", "vim", "--cwd", str(tmp))
    assert result.exit_code == 2
    assert "unknown tool 'vim'" in result.output
    assert all(name in result.output for name in PROFILES)


def test_list_without_a_tool_is_the_library_view(tmp: Path) -> None:
    project = _project(tmp)
    result = _invoke("list", str(project), "-f", "json")
    assert result.exit_code == 1  # "other" is invalid
    data = json.loads(result.output)
    assert sorted((s["name"], s["valid"]) for s in data["skills"]) == [
        ("deploy", True), ("other", False)]
    assert _invoke("list", str(project), "--home", str(tmp)).exit_code == 2


def test_list_extra_path_needs_a_tool_with_such_a_setting(tmp: Path) -> None:
    project = _project(tmp)
    write_skill(tmp / "extra", "added")
    ok = _invoke("list", "--as-seen-by", "opencode", "--cwd", str(project), "--home",
                 str(tmp / "home"), "--extra-path", str(tmp / "extra"), "-f", "json")
    assert {"name": "added", "path": str(tmp / "extra/added"), "scope": "extra",
            "listed": True} in json.loads(ok.output)["skills"]
    refused = _invoke("list", "--as-seen-by", "agent-core", "--cwd", str(project),
                      "--extra-path", str(tmp / "extra"))
    assert refused.exit_code == 2
    assert "no setting for extra skill folders" in refused.output


# docs/agents.md -----------------------------------------------------------------------------


def test_agents_reference_is_current() -> None:
    on_disk = (REPO / "docs" / "agents.md").read_text(encoding="utf-8")
    assert on_disk == agents_markdown(), (
        "run: skill-catalog agents --format markdown > docs/agents.md")


def test_agents_reference_has_a_row_per_tool_and_marks_inferences() -> None:
    text = agents_markdown()
    for profile in PROFILES.values():
        row = next(line for line in text.splitlines() if line.startswith(f"| `{profile.name}` |"))
        assert (INFERRED_MARK in row) == bool(profile.inferred & COLUMN_FIELDS)
        section = text.split(f"### {profile.title} (`{profile.name}`)", 1)[1].split("###")[0]
        for field in profile.inferred:
            assert f"`{field}`" in section.split("Inferred: ", 1)[1].splitlines()[0]
    assert "sorted path, last wins" in text
    assert "scope: managed > personal > project" in text


def test_agents_marks_each_rule_verified_or_from_documentation() -> None:
    text, listing = agents_markdown(), agents_text()
    for profile in PROFILES.values():
        row = next(line for line in text.splitlines() if line.startswith(f"| `{profile.name}` |"))
        statuses = dict(rule_status(profile))
        if profile.verified is None:
            assert VERIFIED_MARK not in row
            assert all(s.startswith("from ") for s in statuses.values())
            continue
        release = (f"verified against {profile.title} "
                   f"{' and '.join(profile.verified.versions)}")
        unverified = sum(1 for _, _, fields in COLUMNS if fields & profile.unverified)
        assert row.count(VERIFIED_MARK) == 10 - unverified  # the columns run against the tool
        assert statuses["listing sent to the model"] == release
        assert statuses["instruction files"] == "from documentation only"
        assert f"{release}:" in listing
    codex = dict(rule_status(PROFILES["codex"]))
    assert "`/etc/codex/skills`: from documentation only" in codex["global folders"]
