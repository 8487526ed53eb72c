"""What the site says about agent tools: who loads a skill, where to install it, its fragment.

Facts come from the tool profiles (``discovery/profiles.py``): a tool "loads" a skill here when
its own frontmatter checks accept it once the skill sits in one of the tool's skill folders;
when the library itself is checked out as a project, the page also says which tools already see
the skill where it is.
"""

from __future__ import annotations

import dataclasses as dc
import re
from pathlib import Path
from typing import Any

from skill_catalog.discovery.agent_view import ToolView, project_view, would_load
from skill_catalog.discovery.profiles import PROFILES
from skill_catalog.discovery.skill_checks import rejection
from skill_catalog.discovery.tool_profile import Profile
from skill_catalog.prompts import render
from skill_catalog.site import prompt_files
from skill_catalog.site.context import SiteContext, SiteSkill

DEFAULT_TOOLS = ("claude-code", "codex", "copilot", "cursor", "gemini-cli", "opencode", "crush",
                 "goose", "agents")
_ENV_DEFAULT = re.compile(r"\$\{[A-Z_]+:-([^}]*)\}")
_ENV_BARE = re.compile(r"\$\{[A-Z_]+\}")


def _folder(template: str) -> str | None:
    """A root template as a reader would type it: ``{dir}/.claude/skills`` -> ``.claude/skills``;
    None for roots that exist only when a variable is set."""
    text = _ENV_DEFAULT.sub(lambda m: m.group(1), template)
    if _ENV_BARE.search(text):
        return None
    for prefix in ("{dir}/", "{cwd}/"):
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def _is_project(template: str) -> bool:
    return template.startswith(("{dir}/", "{cwd}/"))


@dc.dataclass(slots=True)
class ToolsView:
    ctx: SiteContext
    profiles: tuple[Profile, ...]
    project_root: Path
    _views: dict[str, ToolView] = dc.field(default_factory=dict)
    _verdicts: dict[int, list[dict[str, Any]]] = dc.field(default_factory=dict)

    @classmethod
    def create(cls, ctx: SiteContext) -> ToolsView:
        names = ctx.config.tools or DEFAULT_TOOLS
        profiles = tuple(PROFILES[n] for n in names if n in PROFILES)
        return cls(ctx, profiles, _checkout_root(ctx))

    @property
    def titles(self) -> dict[str, str]:
        return {p.name: p.title for p in self.profiles}

    def loading(self, site_skill: SiteSkill) -> list[str]:
        """The tools that accept this skill once it is installed in one of their folders."""
        skill = site_skill.skill
        return [p.name for p in self.profiles if rejection(skill, p.rejects) is None]

    def install_rows(self, site_skill: SiteSkill) -> list[dict[str, str]]:
        name = site_skill.skill.key
        rows = []
        for profile in self.profiles:
            project = next((f for r in profile.roots if _is_project(r.template)
                            and (f := _folder(r.template))), None)
            personal = next((f for r in profile.roots if not _is_project(r.template)
                             and r.template.startswith(("~", "$"))
                             and (f := _folder(r.template))), None)
            if project is None and personal is None:
                continue
            rows.append({
                "title": profile.title,
                "project": f"{project}/{name}/" if project else "—",
                "personal": f"{personal}/{name}/" if personal else "—",
            })
        return rows

    def prepare(self) -> None:
        """Walk each tool's view of the checkout now (before workers fork, so that each
        does not walk it again)."""
        for profile in self.profiles:
            self._view(profile)

    def _view(self, profile: Profile) -> ToolView:
        if profile.name not in self._views:
            self._views[profile.name] = project_view(profile, self.project_root)
        return self._views[profile.name]

    def verdicts(self, site_skill: SiteSkill) -> list[dict[str, Any]]:
        key = id(site_skill.skill)
        if key not in self._verdicts:
            self._verdicts[key] = [self._verdict(site_skill, p) for p in self.profiles]
        return self._verdicts[key]

    def _verdict(self, site_skill: SiteSkill, profile: Profile) -> dict[str, Any]:
        skill = site_skill.skill
        problem = rejection(skill, profile.rejects)
        view = self._view(profile)
        if problem is not None:
            reason = f"{problem} ({profile.title} skips such skills)"
        elif view.find(skill.skill_md)[0] == "loaded":
            reason = "already from this repository: " + would_load(
                skill, profile, self.project_root, view).reason
        else:
            reason = "once installed in one of its skill folders (see Install)"
        return {"title": profile.title, "loaded": problem is None, "reason": reason}

    def prompt_fragment(self, site_skill: SiteSkill) -> str:
        skill = site_skill.skill
        text = render([skill], "xml", location="relative", cwd=skill.root.absolute()).text
        return text or "(an invalid skill is left out of prompt fragments)"

    def catalog_fragment(self) -> str:
        return prompt_files.fragment(self.ctx, "xml")

    def prompt_files(self) -> list[tuple[str, str]]:
        return prompt_files.described_files()


def _checkout_root(ctx: SiteContext) -> Path:
    """The folder a user would start an agent in after cloning the library's repository."""
    config = ctx.config
    folder = config.folder.absolute()
    sub = config.repository.path.strip("/")
    if sub and folder.as_posix().endswith("/" + sub):
        return Path(folder.as_posix()[: -len(sub) - 1])
    if config.path is None and ctx.catalog.roots:
        return ctx.catalog.roots[0].absolute()
    return folder
