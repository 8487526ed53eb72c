"""``render``: a catalog (or some skills) as a prompt fragment in one client's shape."""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from skill_catalog.config import Config
from skill_catalog.errors import SkillCatalogError
from skill_catalog.model import Budget, Skill
from skill_catalog.prompts.budget import BudgetReport, apply_budget, tool_budget
from skill_catalog.prompts.entry import Entry, LocationMode, entry_for, listed
from skill_catalog.prompts.format import Listing
from skill_catalog.prompts.formats import FORMATS
from skill_catalog.prompts.template import render_template
from skill_catalog.prompts.tool_budget import apply_observed, select
from skill_catalog.trust.policy import NEVER, withheld


@runtime_checkable
class Library(Protocol):
    """What :func:`render` reads of a catalog (:class:`skill_catalog.Catalog` is one): its
    skills and its configuration (the trust policy)."""

    @property
    def skills(self) -> Sequence[Skill]: ...

    @property
    def config(self) -> Config: ...


class UnknownFormat(SkillCatalogError, ValueError):
    """No prompt format has that name."""


@dc.dataclass(slots=True, frozen=True)
class Fragment:
    """A rendered fragment, what a budget did to it, and notes about skills left out."""

    text: str
    """The fragment, ending with a newline; empty when no skill is left to list."""
    report: BudgetReport | None = None
    notes: tuple[str, ...] = ()
    """One line per skill left out (path and first error), and a line when nothing is left."""
    entries: tuple[Entry, ...] = ()
    """The entries the fragment lists (after any budget)."""
    format: str = "xml"

    def __str__(self) -> str:
        return self.text


@dc.dataclass(slots=True, frozen=True)
class Prepared:
    """The entries of the skills a fragment lists, and a note for each skill left out: what
    every format renders, computed once by :func:`prepare` for any number of formats."""

    entries: tuple[Entry, ...]
    notes: tuple[str, ...] = ()


def prepare(
    source: Library | Iterable[Skill],
    *,
    location: LocationMode = "absolute",
    cwd: Path | None = None,
    withhold: str | None = None,
) -> Prepared:
    """The entries of the valid skills of ``source`` (see :func:`render` for ``location``,
    ``cwd`` and ``withhold``), to render in several formats with :func:`render_prepared`."""
    skills, withheld_notes = _not_withheld(source, withhold)
    kept, notes = listed(skills)
    return Prepared(tuple(entry_for(s, location, cwd) for s in kept),
                    (*withheld_notes, *notes))


def _not_withheld(source: Library | Iterable[Skill], withhold: str | None
                  ) -> tuple[list[Skill], list[str]]:
    """The skills of ``source`` the trust policy lets a fragment list, and a note for each
    one it withholds. ``withhold``: a level of the config's ``trust.withhold``; None takes a
    catalog's own (and withholds nothing from bare skills); a catalog's skill holding a secret
    is withheld unless its ``trust.withhold_secrets`` is false."""
    secrets = False  # bare skills: whoever passes them has chosen them (the site's published)
    if isinstance(source, Library):
        skills = list(source.skills)
        level = source.config.trust.withhold if withhold is None else withhold
        secrets = source.config.trust.withhold_secrets
    else:
        skills, level = list(source), withhold or NEVER
    if level == NEVER and not secrets:
        return skills, []
    kept: list[Skill] = []
    notes: list[str] = []
    for skill in skills:
        reason = withheld(skill, level, secrets)
        if reason is None:
            kept.append(skill)
        else:
            notes.append(f"{skill.skill_md}: left out: withheld: {reason}")
    return kept, notes


def render(
    source: Library | Iterable[Skill],
    format: str = "xml",
    *,
    location: LocationMode = "absolute",
    budget: str | Budget | None = None,
    context_tokens: int | None = None,
    template: str | Path | None = None,
    cwd: Path | None = None,
    withhold: str | None = None,
) -> Fragment:
    """Render the valid skills of ``source`` as a prompt fragment.

    :param format: a name in :data:`~skill_catalog.prompts.formats.FORMATS`.
    :param location: ``absolute`` path of SKILL.md, ``relative`` to ``cwd`` (default: the
        current folder), or ``none``.
    :param budget: a tool name (``claude-code``, ``codex``, ``copilot``) to apply that tool's
        listing budget, counting entries as the tool's own listing does; or a
        :class:`~skill_catalog.model.Budget`, counted in ``format``.
    :param context_tokens: the model's context window, for budgets that are a share of it.
    :param template: a Jinja2 template file rendered instead of ``format``.
    :param withhold: leave out the skills whose trust status is at least this (``warning``,
        ``danger``; ``never``), as the config's ``trust.withhold`` does; default: a catalog's
        own config, and nothing for bare skills.
    :returns: a :class:`Fragment`. Invalid skills and withheld ones are left out with a note;
        when nothing is left the text is empty (no empty block) and a note says so.
    """
    _check_format(format)
    if isinstance(budget, str):
        return _render_for_tool(source, format, budget, location=location,
                                context_tokens=context_tokens, template=template, cwd=cwd,
                                withhold=withhold)
    return render_prepared(prepare(source, location=location, cwd=cwd, withhold=withhold),
                           format, budget=budget, context_tokens=context_tokens,
                           template=template)


def _render_for_tool(
    source: Library | Iterable[Skill],
    format: str,
    tool: str,
    *,
    location: LocationMode,
    context_tokens: int | None,
    template: str | Path | None,
    cwd: Path | None,
    withhold: str | None,
) -> Fragment:
    """``--budget-for TOOL``: the skills the tool would load (its rules, not the spec's),
    budgeted as the tool budgets them; the report comes first in the notes' order of use."""
    known = tool_budget(tool)
    skills, withheld_notes = _not_withheld(source, withhold)
    selection = select(skills, tool, location, cwd)
    notes = [*withheld_notes, *selection.notes]
    if not selection.entries:
        notes.append(f"no skill {known.title} would list: nothing printed")
        return Fragment("", None, tuple(notes), (), format)
    if selection.items:
        entries, report = apply_observed(selection, tool, context_tokens)
        overflow = None
    else:
        listing = known.listing
        entries, overflow, report = apply_budget(
            selection.entries, known.budget, FORMATS[listing.format if listing else format],
            context_tokens=context_tokens, tool=tool, title=known.title,
            overflow_names_chars=listing.overflow_names_chars if listing else None)
    tool_info = {"name": tool, "title": known.title}
    if template is not None:
        text = render_template(Path(template), entries, tool=tool_info,
                               budget=report.to_dict(), overflow=overflow)
    else:
        text = FORMATS[format].render(Listing(entries, overflow)) if entries else ""
    return Fragment(text, report, tuple(notes), entries, format)


def render_prepared(
    prepared: Prepared,
    format: str = "xml",
    *,
    budget: str | Budget | None = None,
    context_tokens: int | None = None,
    template: str | Path | None = None,
) -> Fragment:
    """:func:`render` for entries made by :func:`prepare`: the same fragment, without
    computing each skill's entry again for every format."""
    _check_format(format)
    entries = prepared.entries
    notes = list(prepared.notes)
    if not entries:
        notes.append("no valid skill to list: nothing printed")
        return Fragment("", None, tuple(notes), (), format)
    overflow: str | None = None
    report: BudgetReport | None = None
    tool_info: dict[str, str] | None = None
    if budget is not None:
        if isinstance(budget, str):
            known = tool_budget(budget)
            listing = known.listing
            entries, overflow, report = apply_budget(
                entries, known.budget, FORMATS[listing.format if listing else format],
                context_tokens=context_tokens, tool=budget, title=known.title,
                overflow_names_chars=listing.overflow_names_chars if listing else None)
            tool_info = {"name": budget, "title": known.title}
        else:
            entries, overflow, report = apply_budget(
                entries, budget, FORMATS[format], context_tokens=context_tokens)
    if template is not None:
        text = render_template(Path(template), entries, tool=tool_info,
                               budget=report.to_dict() if report else None, overflow=overflow)
    else:
        text = FORMATS[format].render(Listing(entries, overflow))
    return Fragment(text, report, tuple(notes), entries, format)


def _check_format(format: str) -> None:
    if format not in FORMATS:
        raise UnknownFormat(f"unknown prompt format {format!r}; known: {', '.join(FORMATS)}")
