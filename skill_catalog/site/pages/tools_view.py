"""What the site says about agent tools: who loads a skill, and its prompt fragment (where to
install it: :mod:`~skill_catalog.site.outputs.install`).

Each tool's verdict on a skill is the build's one
(:class:`~skill_catalog.site.outputs.verdicts.ToolVerdicts`), which the install routes,
the index's facet and ``catalog.json`` read too.
"""

from __future__ import annotations

import dataclasses as dc
from pathlib import Path
from typing import Any

from skill_catalog.prompts import Entry, Prepared, render, render_prepared
from skill_catalog.prompts.entry import listed
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.outputs import prompt_files
from skill_catalog.site.outputs.verdicts import ToolVerdicts


@dc.dataclass(slots=True)
class ToolsView:
    ctx: SiteContext
    verdict_of: ToolVerdicts
    _catalog_entries: Prepared | None = None
    _entries: dict[int, Entry] | None = None
    """The catalog fragment's entry of each skill whose own fragment is the same (by id)."""

    @classmethod
    def create(cls, ctx: SiteContext, verdicts: ToolVerdicts | None = None) -> ToolsView:
        return cls(ctx, verdicts or ToolVerdicts.create(ctx))

    @property
    def titles(self) -> dict[str, str]:
        return {p.name: p.title for p in self.verdict_of.profiles}

    def loading(self, site_skill: SiteSkill) -> list[str]:
        """The tools that load this skill: from where it is, or once installed in one of their
        folders (not those that shadow or reject it)."""
        return self.verdict_of.loading(site_skill)

    def prepare(self) -> None:
        """Walk each tool's view of the checkout now, and compute the prompt entries (before
        workers fork, so that each does not do it again)."""
        self.verdict_of.prepare()
        self._skill_entries()

    def verdicts(self, site_skill: SiteSkill) -> list[dict[str, Any]]:
        """Each tool's verdict as the skill page shows it."""
        return [v.shown() for v in self.verdict_of.of(site_skill)]

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
