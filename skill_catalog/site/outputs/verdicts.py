"""Each shown agent tool's verdict on each skill of the site, computed once per build and read by
every output that speaks of tools: the skill page's "Which agents load it", the index's
"Loaded by" facet, the install routes (a folder is offered only to the tools that load the
skill, the Claude.ai zip only for a skill its upload accepts) and ``catalog.json``.

The verdicts are :func:`skill_catalog.agents.verdict.judge`'s, against each tool's view of the
library checked out as a project, which is also what ``list --as-seen-by`` reads.
"""

from __future__ import annotations

import dataclasses as dc
import os
from pathlib import Path

from skill_catalog.agents.agent_view import ToolView, project_views
from skill_catalog.agents.profiles import PROFILES
from skill_catalog.agents.skill_checks import CLAUDE_AI_UPLOAD, rejection
from skill_catalog.agents.tool_profile import Profile
from skill_catalog.agents.verdict import Verdict, judge
from skill_catalog.config import Config
from skill_catalog.site.context import SiteContext, SiteSkill

DEFAULT_TOOLS = ("claude-code", "codex", "copilot", "cursor", "gemini-cli", "opencode", "crush",
                 "goose", "agents")
"""The tools a site shows when the config's ``tools`` names none."""


def profiles(config: Config) -> tuple[Profile, ...]:
    """The tool profiles a site shows, in the config's order."""
    return tuple(PROFILES[n] for n in (config.tools or DEFAULT_TOOLS) if n in PROFILES)


@dc.dataclass(slots=True)
class ToolVerdicts:
    """The verdicts of the site's tools (the config's ``tools``), by skill."""

    profiles: tuple[Profile, ...]
    project_root: Path
    _views: dict[str, ToolView] = dc.field(default_factory=dict)
    _verdicts: dict[int, tuple[Verdict, ...]] = dc.field(default_factory=dict)
    _checks: dict[int, dict[str, str | None]] = dc.field(default_factory=dict)
    """The answers of the tools' frontmatter checks, by skill (id): tools share most of them,
    and each is run once per skill."""
    _real_paths: dict[Path, str] = dc.field(default_factory=dict)
    """Real path of each skill file, looked up once for all the tools' views."""

    @classmethod
    def create(cls, ctx: SiteContext) -> ToolVerdicts:
        return cls(profiles(ctx.config), checkout_root(ctx))

    def prepare(self) -> None:
        """Walk each tool's view of the checkout now (before workers fork, so that each does
        not do it again), all of them together: each SKILL.md is read once for every tool."""
        missing = [p for p in self.profiles if p.name not in self._views]
        if missing:
            self._views.update(project_views(missing, self.project_root))

    def _view(self, profile: Profile) -> ToolView:
        if profile.name not in self._views:
            self.prepare()
        return self._views[profile.name]

    def _real(self, path: Path) -> str:
        real = self._real_paths.get(path)
        if real is None:
            real = self._real_paths[path] = os.path.realpath(path)
        return real

    def of(self, site_skill: SiteSkill) -> tuple[Verdict, ...]:
        """Every shown tool's verdict on the skill, in the config's order."""
        skill = site_skill.skill
        key = id(skill)
        if key not in self._verdicts:
            found = self._checks.setdefault(key, {})
            self._verdicts[key] = tuple(
                judge(skill, p, self.project_root, view=self._view(p), real=self._real,
                      found=found) for p in self.profiles)
        return self._verdicts[key]

    def loading(self, site_skill: SiteSkill) -> list[str]:
        """The tools that load the skill, from where it is or once installed."""
        return [v.tool for v in self.of(site_skill) if v.loads]

    def upload_problem(self, site_skill: SiteSkill) -> str | None:
        """Why Claude.ai's "Upload skill" refuses the skill's zip (None: it takes it)."""
        skill = site_skill.skill
        return rejection(skill, CLAUDE_AI_UPLOAD, self._checks.setdefault(id(skill), {}))


def checkout_root(ctx: SiteContext) -> Path:
    """The folder a user would start an agent in after cloning the library's repository."""
    config = ctx.config
    folder = config.folder.absolute()
    sub = config.repository.path.strip("/")
    if sub and folder.as_posix().endswith("/" + sub):
        return Path(folder.as_posix()[: -len(sub) - 1])
    if config.path is None and ctx.catalog.roots:
        return ctx.catalog.roots[0].absolute()
    return folder
