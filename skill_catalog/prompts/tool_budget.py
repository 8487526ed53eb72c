"""``--budget-for TOOL``: the skills that tool would load, cut as it cuts them.

The skills are chosen by the tool's own rules, not by the spec: its profile's checks
(``skill_catalog.agents.profiles``), or, for a tool whose listing was observed
(``skill_catalog.observed``: Claude Code, Codex, Gemini CLI), its own reading of each SKILL.md.
A skill the spec calls invalid is budgeted when the tool loads it; one the tool refuses, or
loads but keeps out of its listing, is left out with a note saying so.

For an observed tool the budget is the one the real tool applies (its own skills counted, its
order, its cuts), computed by its observed renderer; the entries then carry the description as
the tool lists it (shortened, dropped or left out).
"""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Iterable
from pathlib import Path

from skill_catalog.model import Skill
from skill_catalog.observed import OBSERVED, Cuts, Item, ObservedTool, Setting
from skill_catalog.prompts.budget import BudgetReport
from skill_catalog.prompts.entry import Entry, LocationMode, entry_for, one_line_note


@dc.dataclass(slots=True, frozen=True)
class ToolSelection:
    """The skills ``tool`` loads and lists, as entries, and a note per skill left out."""

    entries: tuple[Entry, ...]
    notes: tuple[str, ...]
    items: tuple[Item, ...] = ()
    """For an observed tool: the same skills as the tool read them, in the tool's order."""


def _observed(tool: str) -> ObservedTool | None:
    from skill_catalog.agents.profiles import PROFILES

    profile = PROFILES.get(tool)
    return OBSERVED.get(profile.observed or "") if profile is not None else None


def select(skills: Iterable[Skill], tool: str, location: LocationMode = "absolute",
           cwd: Path | None = None) -> ToolSelection:
    """The skills of ``skills`` that ``tool`` would load and list."""
    from skill_catalog.agents.profiles import PROFILES
    from skill_catalog.agents.skill_checks import rejection

    profile = PROFILES[tool]
    observed = _observed(tool)
    kept: list[tuple[Entry, Item | None]] = []
    notes: list[str] = []
    title = profile.title
    for skill in skills:
        if observed is not None:
            reading = observed.read(skill.skill_md)
            if reading.problem is not None:
                notes.append(f"{skill.skill_md}: left out: {title} does not load it: "
                             f"{one_line_note(reading.problem)}")
                continue
            if reading.unlisted is not None:
                notes.append(f"{skill.skill_md}: left out: {one_line_note(reading.unlisted)}")
                continue
            entry = dc.replace(entry_for(skill, location, cwd), name=reading.shown,
                               description=reading.description,
                               full_description=reading.description)
            kept.append((entry, Item(skill.skill_md, skill.root, "repo", reading)))
            continue
        problem = rejection(skill, profile.rejects)
        if problem is not None:
            notes.append(f"{skill.skill_md}: left out: {title} does not load it: "
                         f"{one_line_note(problem)}")
            continue
        if skill.frontmatter.get("disable-model-invocation") is True:
            notes.append(f"{skill.skill_md}: left out: disable-model-invocation is true")
            continue
        kept.append((entry_for(skill, location, cwd), None))
    if observed is not None and observed.order is not None:
        order = observed.order
        kept.sort(key=lambda pair: order(pair[0].skill_md))
    items = tuple(item for _, item in kept if item is not None)
    return ToolSelection(tuple(entry for entry, _ in kept), tuple(notes), items)


def apply_observed(selection: ToolSelection, tool: str, context_tokens: int | None
                   ) -> tuple[tuple[Entry, ...], BudgetReport]:
    """The entries after the observed tool's own budget, and what it cut.

    The tool is taken as on this machine: your environment and home (Codex's bundled skills
    and its ``config.toml``, ``SLASH_COMMAND_TOOL_CHAR_BUDGET``)."""
    from skill_catalog.agents.profiles import PROFILES

    observed = _observed(tool)
    assert observed is not None
    roots = tuple(dict.fromkeys((item.root, item.scope) for item in selection.items))
    setting = Setting(dict(os.environ), Path.home(), context_tokens, roots)
    seen = observed.render(selection.items, setting)
    by_file = {line.skill_md: line for line in seen.lines}
    entries: list[Entry] = []
    for entry in selection.entries:
        line = by_file.get(entry.skill_md)
        if line is None:
            continue
        entries.append(dc.replace(entry, description=line.description))
    report = report_of(seen.cuts, tool, PROFILES[tool].title, context_tokens,
                       len(selection.entries), builtin=seen.builtin)
    return tuple(entries), report


def report_of(cuts: Cuts, tool: str, title: str, context_tokens: int | None, skills: int,
              builtin: tuple[str, ...] = ()) -> BudgetReport:
    """A :class:`BudgetReport` of an observed tool's cuts (tokens count as 4 characters in
    the ``*_chars`` keys; ``limit`` and ``unit`` give the tool's own unit)."""
    per = 4 if cuts.unit == "tokens" else 1
    return BudgetReport(
        tool=tool,
        title=title,
        strategy="observed",
        limit_chars=None if cuts.limit is None else cuts.limit * per,
        limit_source="observed",
        explanation=cuts.explanation,
        context_tokens=context_tokens,
        skills=skills,
        chars_before=cuts.used_before * per,
        chars_after=cuts.used_after * per,
        shortened=cuts.shortened,
        descriptions_dropped=cuts.dropped,
        omitted=cuts.omitted,
        over_budget=cuts.over_budget,
        limit=cuts.limit,
        unit=cuts.unit,
        when_names_do_not_fit=cuts.overflow or None,
        builtin=builtin,
    )
