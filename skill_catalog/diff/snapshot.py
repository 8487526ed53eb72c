"""One side of a change: what it says about each skill, and what each agent tool would list.

Every value is computed by the code the other outputs use, never again here: a skill's
frontmatter as ``catalog.json`` writes it
(:func:`~skill_catalog.site.outputs.catalog_json.json_safe`),
its validity and trust findings from the catalog's diagnostics, its bundle digest as the site
publishes it (:mod:`skill_catalog.site.publish`), and each tool's listing line and budget cut
as ``prompt --budget-for TOOL`` computes them (:mod:`skill_catalog.prompts`, the observed
tools' renderers). A side read from a ``catalog.json`` says what that file holds and no more
(:mod:`skill_catalog.diff.site_side`).
"""

from __future__ import annotations

import dataclasses as dc
import hashlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from skill_catalog.catalog import Catalog
from skill_catalog.model import Skill
from skill_catalog.observed import OBSERVED
from skill_catalog.prompts import FORMATS, LISTINGS, budget_tools, render
from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.tool_budget import apply_observed, select
from skill_catalog.site import bundle, bundle_digest, json_safe, read_sources, relative_to_skill
from skill_catalog.trust.policy import withheld

SideKind = Literal["library", "git", "site", "catalog.json"]
Cut = Literal["", "shortened", "dropped"]

TOOL_FORMATS: Mapping[str, str] = {
    **{tool: listing.format for tool, listing in LISTINGS.items()},
    "gemini-cli": "gemini",
    "opencode": "opencode",
}
"""The tools whose listing a diff compares, with the prompt format that spells one line of it:
every tool with a listing budget (:data:`~skill_catalog.prompts.LISTINGS`) and every other
tool whose listing was observed (:data:`~skill_catalog.observed.OBSERVED`)."""


@dc.dataclass(slots=True, frozen=True)
class Finding:
    """One trust finding of a skill, as ``catalog.json`` writes it."""

    code: str
    severity: str
    message: str
    file: str | None
    """Relative to the skill folder."""
    line: int | None
    accepted: str | None

    @property
    def key(self) -> tuple[str, str | None, str, bool]:
        """What makes two findings the same across a change: not the line, which an edit
        above it moves."""
        return (self.code, self.file, self.message, self.accepted is not None)


@dc.dataclass(slots=True, frozen=True)
class SkillState:
    """One skill as one side has it."""

    name: str
    """The catalog's name for it (the frontmatter name, else the folder)."""
    path: str
    """The skill folder, relative to its library root (``/``-separated), as ``catalog.json``
    has it."""
    description: str | None
    frontmatter: Mapping[str, Any]
    """As ``catalog.json`` writes it (JSON values)."""
    body: str | None
    """SHA-256 of the body; None when the side cannot say (a ``catalog.json``)."""
    files: Mapping[str, str | None]
    """Each file of the inventory (``SKILL.md`` too) by relpath: its SHA-256 (None: unreadable)."""
    valid: bool
    errors: tuple[str, ...]
    """The codes of its errors, sorted, each once."""
    trust: str
    """Its trust status (``clean``, ``notice``, ``warning``, ``danger``)."""
    findings: tuple[Finding, ...]
    digest: str | None
    """The skill-level digest of its published bundle (``sha256:…``), None when a file could
    not be read."""
    archive: str | None = None
    """The digest of its published zip, when the side is a built site (``catalog.json``)."""

    @property
    def content(self) -> tuple[str | None, str, tuple[tuple[str, str | None], ...]] | None:
        """What a rename keeps: the description, the body and every file but SKILL.md (None
        when the body is unknown)."""
        if self.body is None:
            return None
        own = {"SKILL.md", "skill.md"}
        return (self.description, self.body,
                tuple(sorted((p, d) for p, d in self.files.items() if p not in own)))


@dc.dataclass(slots=True, frozen=True)
class ToolLine:
    """One skill's line in the listing a tool sends its model."""

    text: str
    cut: Cut = ""


@dc.dataclass(slots=True, frozen=True)
class ToolState:
    """What one tool would list of a side's skills, and what its budget did."""

    tool: str
    title: str
    lines: Mapping[str, ToolLine]
    """By skill id (:attr:`Snapshot.ids`)."""
    omitted: frozenset[str]
    """Skills the tool loads but its budget leaves out of the listing."""
    unlisted: Mapping[str, str]
    """Skills the tool does not list at all (it does not load them, they are withheld or
    invalid, they ask not to be listed), with the reason."""


@dc.dataclass(slots=True, frozen=True)
class Snapshot:
    """One side of a change."""

    label: str
    """The side as given (``git:main``, ``skills/``, a URL)."""
    kind: SideKind
    skills: tuple[SkillState, ...]
    tools: Mapping[str, ToolState] | None
    """None when the side cannot say (a ``catalog.json`` holds no listing)."""

    @property
    def ids(self) -> dict[str, SkillState]:
        """Each skill by its id: its name, or ``name (path)`` for every skill of a name that
        several skills claim (a library with duplicate names)."""
        counts: dict[str, int] = {}
        for skill in self.skills:
            counts[skill.name] = counts.get(skill.name, 0) + 1
        return {skill_id(s, counts[s.name] > 1): s for s in self.skills}


def skill_id(skill: SkillState, shared: bool) -> str:
    return f"{skill.name} ({skill.path})" if shared else skill.name


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _state(skill: Skill) -> SkillState:
    sources = read_sources(skill)
    sha = {relpath: source.sha256 for relpath, source in sources.items()}
    digest = bundle_digest(bundle(skill, {p: s.error for p, s in sources.items()}), sha)
    findings = tuple(
        Finding(d.code, str(d.severity), d.message, relative_to_skill(d.file, skill), d.line,
                d.accepted)
        for d in skill.trust_findings)
    return SkillState(
        name=skill.key,
        path=skill.relpath,
        description=skill.description,
        frontmatter=json_safe(skill.frontmatter),
        body=sha256_text(skill.read_body()),
        files=sha,
        valid=skill.valid,
        errors=tuple(sorted({d.code for d in skill.errors})),
        trust=skill.trust.status,
        findings=findings,
        digest=digest,
    )


def snapshot_of(catalog: Catalog, base: Path, *, label: str = "", kind: SideKind = "library",
                context_tokens: int | None = None) -> Snapshot:
    """``catalog`` as one side of a change; paths and listing locations relative to ``base``
    (the library folder), so that the same library read at two places compares equal.

    :param context_tokens: the model's context window, for the budgets that are a share of it
        (default: each tool's own fallback)."""
    base = Path(os.path.abspath(base))
    states = tuple(_state(skill) for skill in catalog.skills)
    counts: dict[str, int] = {}
    for state in states:
        counts[state.name] = counts.get(state.name, 0) + 1
    ids: dict[str, str] = {}
    for skill, state in zip(catalog.skills, states, strict=True):
        ids[str(skill.skill_md)] = ids[os.path.abspath(skill.skill_md)] = skill_id(
            state, counts[state.name] > 1)
    tools = {tool: tool_state(catalog, tool, ids, base, context_tokens) for tool in TOOL_FORMATS}
    return Snapshot(label or str(base), kind, states, tools)


def _left_out(notes: Sequence[str], ids: Mapping[str, str]) -> dict[str, str]:
    """The reason of each note ``<SKILL.md>: left out: <reason>``, by skill id."""
    reasons: dict[str, str] = {}
    for note in notes:
        head, _sep, reason = note.partition(": left out: ")
        key = ids.get(head)
        if key is not None:
            reasons.setdefault(key, reason)
    return reasons


def _cut(entry: Entry, capped: frozenset[str]) -> Cut:
    """What the budget did to ``entry``: ``capped`` holds the SKILL.md files whose description
    is longer than the tool's cap for one entry (an observed tool's reading caps it already)."""
    if entry.description is None:
        return "dropped"
    if entry.description != entry.full_description or str(entry.skill_md) in capped:
        return "shortened"
    return ""


def tool_state(catalog: Catalog, tool: str, ids: Mapping[str, str], base: Path,
               context_tokens: int | None) -> ToolState:
    """What ``tool`` would list of ``catalog``: ``prompt --budget-for TOOL`` for a tool with a
    budget; the observed tool's own selection and listing for the others.

    :param ids: each skill's id by its SKILL.md path, as given and made absolute."""
    from skill_catalog.agents.profiles import PROFILES

    fmt = FORMATS[TOOL_FORMATS[tool]]
    entries: tuple[Entry, ...]
    if tool in budget_tools():
        fragment = render(catalog, fmt.name, location="relative", cwd=base, budget=tool,
                          context_tokens=context_tokens)
        entries, notes = fragment.entries, list(fragment.notes)
    else:
        assert PROFILES[tool].observed in OBSERVED
        level = catalog.config.trust.withhold
        kept: list[Skill] = []
        notes = []
        for skill in catalog.skills:
            reason = withheld(skill, level)
            if reason is None:
                kept.append(skill)
            else:
                notes.append(f"{skill.skill_md}: left out: withheld: {reason}")
        selection = select(kept, tool, "relative", base)
        notes += selection.notes
        entries = (apply_observed(selection, tool, context_tokens)[0]
                   if selection.entries else ())
    budget = PROFILES[tool].budget
    cap = budget.per_entry_chars if budget is not None else None
    capped = frozenset() if cap is None else frozenset(
        os.path.abspath(s.skill_md) for s in catalog.skills
        if len(" ".join((s.description or "").split())) > cap)
    lines = {ids[str(e.skill_md)]: ToolLine(fmt.entry(e), _cut(e, capped))
             for e in entries if str(e.skill_md) in ids}
    unlisted = _left_out(notes, ids)
    omitted = frozenset(i for i in ids.values() if i not in lines and i not in unlisted)
    return ToolState(tool, PROFILES[tool].title, lines, omitted, unlisted)
