"""What the site says about agent tools: who loads a skill, and its prompt fragment (where to
install it: :mod:`~skill_catalog.site.outputs.install`).

Facts come from the tool profiles (``discovery/profiles.py``). Each tool's verdict on a skill
is what its view of the library checked out as a project says (``project_view``): the tool
loads the skill from where it is, shadows it with another skill of the same name, or rejects
it, with the tool's reason. A skill outside the tool's folders is judged by the tool's
frontmatter checks alone: it loads once installed in one of its folders, or it is rejected.
"""

from __future__ import annotations

import dataclasses as dc
import os
from pathlib import Path
from typing import Any

from skill_catalog.agents.agent_view import (
    Rejected,
    Shadowed,
    ToolView,
    project_view,
    would_load,
)
from skill_catalog.agents.skill_checks import rejection
from skill_catalog.agents.tool_profile import Profile
from skill_catalog.model import Skill
from skill_catalog.prompts import Entry, Prepared, render, render_prepared
from skill_catalog.prompts.entry import listed
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.outputs import prompt_files
from skill_catalog.site.outputs.install import profiles

VERDICT_LABELS = {
    "loaded": "loads it from this repository",
    "installable": "loads it once installed",
    "shadowed": "does not load this copy (shadowed)",
    "rejected": "rejects it",
}
"""What a skill page says of each state of a tool's verdict."""


@dc.dataclass(slots=True)
class ToolsView:
    ctx: SiteContext
    profiles: tuple[Profile, ...]
    project_root: Path
    _views: dict[str, ToolView] = dc.field(default_factory=dict)
    _verdicts: dict[int, list[dict[str, Any]]] = dc.field(default_factory=dict)
    _checks: dict[int, dict[str, str | None]] = dc.field(default_factory=dict)
    """The answers of the tools' checks, by skill (id): tools share most of their checks, and
    each is run once per skill (see :func:`rejection`)."""
    _real_paths: dict[Path, str] = dc.field(default_factory=dict)
    """Real path of each skill file, looked up once for all the tools' views."""
    _catalog_entries: Prepared | None = None
    _entries: dict[int, Entry] | None = None
    """The catalog fragment's entry of each skill whose own fragment is the same (by id)."""

    @classmethod
    def create(cls, ctx: SiteContext) -> ToolsView:
        return cls(ctx, profiles(ctx.config), _checkout_root(ctx))

    @property
    def titles(self) -> dict[str, str]:
        return {p.name: p.title for p in self.profiles}

    def loading(self, site_skill: SiteSkill) -> list[str]:
        """The tools that load this skill: from where it is, or once installed in one of their
        folders (not those that shadow or reject it)."""
        return [profile.name for profile, verdict
                in zip(self.profiles, self.verdicts(site_skill), strict=True)
                if verdict["loaded"]]

    def _rejection(self, skill: Skill, profile: Profile) -> str | None:
        return rejection(skill, profile.rejects, self._checks.setdefault(id(skill), {}))

    def _real(self, path: Path) -> str:
        real = self._real_paths.get(path)
        if real is None:
            real = self._real_paths[path] = os.path.realpath(path)
        return real

    def prepare(self) -> None:
        """Walk each tool's view of the checkout now, and compute the prompt entries (before
        workers fork, so that each does not do it again)."""
        for profile in self.profiles:
            self._view(profile)
        self._skill_entries()

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
        """``{"title", "state", "label", "loaded", "reason"}``: ``state`` is ``loaded`` (from
        where the skill is), ``installable`` (not in the tool's folders here; it loads once
        installed), ``shadowed`` or ``rejected``; ``loaded`` is true for the first two."""
        skill = site_skill.skill
        view = self._view(profile)
        status, item = view.find(skill.skill_md, real=self._real)
        if status == "loaded":
            state = "loaded"
            reason = would_load(skill, profile, self.project_root, view, real=self._real).reason
        elif isinstance(item, Shadowed | Rejected):
            state, reason = status, _within(item.reason, view.launch.cwd)
        elif (problem := self._rejection(skill, profile)) is not None:
            state, reason = "rejected", f"{problem} ({profile.title} does not load it)"
        else:
            state = "installable"
            reason = "not in its skill folders in this checkout (see Install)"
        return {"title": profile.title, "state": state, "label": VERDICT_LABELS[state],
                "loaded": state in ("loaded", "installable"), "reason": reason}

    def prompt_key(self, site_skill: SiteSkill) -> object:
        """What :meth:`prompt_fragment` is made from, for an incremental build's key: the
        skill's entry, which is cheaper to compare than the fragment it renders to."""
        entry = self._skill_entries().get(id(site_skill.skill))
        if entry is None:
            return self.prompt_fragment(site_skill)
        # Its fields as plain values: pickling a dataclass and its paths goes through Python.
        return tuple(str(v) if isinstance(v, Path) else v
                     for v in (getattr(entry, f) for f in entry.__slots__))

    def prompt_fragment(self, site_skill: SiteSkill) -> str:
        skill = site_skill.skill
        if site_skill.withheld is not None:
            return f"(withheld from prompt fragments: {site_skill.withheld})"
        entry = self._skill_entries().get(id(skill))
        if entry is not None:
            text = render_prepared(Prepared((entry,)), "xml").text
        else:
            text = render([skill], "xml", location="relative", cwd=skill.root.absolute()).text
        return text or "(an invalid skill is left out of prompt fragments)"

    def _skill_entries(self) -> dict[int, Entry]:
        """The entries of the catalog fragment, by skill, of the skills whose own fragment
        lists the same entry: those whose root is the one locations are relative to."""
        if self._entries is None:
            prepared = self.catalog_entries()
            cwd = self.ctx.catalog.roots[0].absolute() if self.ctx.catalog.roots else None
            kept, _notes = listed([s.skill for s in self.ctx.published])  # as prepared() does
            self._entries = {} if cwd is None else {
                id(skill): entry for skill, entry in zip(kept, prepared.entries, strict=True)
                if str(skill.root.absolute()) == str(cwd)}
        return self._entries

    def catalog_entries(self) -> Prepared:
        """Every published skill's entry in the site's prompt files (computed once)."""
        if self._catalog_entries is None:
            self._catalog_entries = prompt_files.prepared(self.ctx)
        return self._catalog_entries

    def catalog_fragment(self) -> str:
        return prompt_files.fragment(self.ctx, "xml", self.catalog_entries())

    def prompt_files(self) -> list[tuple[str, str]]:
        return prompt_files.described_files()


def _within(reason: str, project: Path) -> str:
    """A tool's ``reason`` with the paths below ``project`` made relative to it: a page never
    shows the folder the site was built in."""
    base = str(project)
    return reason.replace(base + os.sep, "").replace(base, ".")


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
