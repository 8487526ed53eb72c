"""What skill pages say about agent tools (:mod:`skill_catalog.site.pages.tools_view`): the
verdicts and prompt fragments, remembered across tools and skills, equal what each tool's view
and ``render`` say for one skill at a time."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import skill_catalog
from skill_catalog.agents.agent_view import project_view, reading, would_load
from skill_catalog.agents.profiles import PROFILES
from skill_catalog.agents.tool_profile import Profile
from skill_catalog.agents.verdict import LABELS
from skill_catalog.prompts import FORMATS, render
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.outputs import prompt_files
from skill_catalog.site.pages.tools_view import ToolsView
from tests.helpers.libraries import make_checkout, write_skill


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A library checked out as a project: skills in tool folders, linked, shadowed, hidden,
    rejected, invalid and not offered to the model."""
    root = make_checkout(tmp_path / "checkout")
    write_skill(root, ".agents/skills/quiet",
                "name: quiet\ndescription: Quiet. Use when x.\ndisable-model-invocation: true")
    write_skill(root, ".agents/skills/broken", "name: Broken Name\n")
    os.symlink("../../.agents/skills/shared", root / ".claude" / "skills" / "linked")
    return root


def _reference_verdict(skill: SiteSkill, profile: Profile, root: Path) -> dict[str, Any]:
    """One verdict computed from scratch: the tool's view walked again, no path remembered."""
    alone = reading(skill.skill, profile)
    problem, unlisted = alone.problem, alone.unlisted
    view = project_view(profile, root)
    status, item = view.find(skill.skill.skill_md)
    if status == "loaded":
        reason = would_load(skill.skill, profile, root, view).reason
        unlisted = view.unlisted(skill.skill.skill_md)
    elif item is not None:
        unlisted = None
        status, reason = status, item.reason.replace(f"{os.path.realpath(root)}/", "")
    elif problem is not None:
        status, reason = "rejected", f"{problem} ({profile.title} does not load it)"
    else:
        status, reason = "installable", "not in its skill folders in this checkout (see Install)"
    return {"tool": profile.name, "title": profile.title, "state": status,
            "label": LABELS[status], "loaded": status in ("loaded", "installable"),
            "reason": reason, "unlisted": unlisted}


def _views(roots: list[Path]) -> tuple[SiteContext, ToolsView]:
    ctx = SiteContext.create(skill_catalog.load(roots))
    tools = ToolsView.create(ctx)
    tools.verdict_of.profiles = tuple(PROFILES.values())
    tools.prepare()
    return ctx, tools


def test_verdicts_equal_each_tool_view_from_scratch(checkout: Path) -> None:
    ctx, tools = _views([checkout])
    already = 0
    for site_skill in ctx.skills:
        expected = [_reference_verdict(site_skill, p, tools.verdict_of.project_root)
                    for p in tools.verdict_of.profiles]
        assert tools.verdicts(site_skill) == expected, site_skill.skill.relpath
        assert tools.loading(site_skill) == [
            profile.name for profile, verdict in zip(tools.verdict_of.profiles, expected,
                                                     strict=True)
            if verdict["loaded"]]
        already += sum(v["state"] == "loaded" for v in expected)
    assert already > 5  # the checkout's tool folders are seen, so the cached paths are used


@pytest.mark.parametrize("order", ["checkout-first", "other-first"])
def test_prompt_fragments_equal_render_of_one_skill(checkout: Path, tmp_path: Path,
                                                    order: str) -> None:
    other = tmp_path / "other"
    write_skill(other, "elsewhere")
    roots = [checkout, other] if order == "checkout-first" else [other, checkout]
    ctx, tools = _views(roots)
    for site_skill in ctx.skills:
        skill = site_skill.skill
        own = render([skill], "xml", location="relative", cwd=skill.root.absolute()).text
        assert tools.prompt_fragment(site_skill) == (
            own or "(an invalid skill is left out of prompt fragments)"), skill.relpath
    cwd = ctx.catalog.roots[0].absolute()
    assert tools.catalog_fragment() == render([s.skill for s in ctx.published], "xml",
                                              location="relative", cwd=cwd).text
    for name in FORMATS:
        assert prompt_files.fragment(ctx, name) == render(
            [s.skill for s in ctx.published], name, location="relative", cwd=cwd).text
