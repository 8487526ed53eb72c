"""What the observed tools work with: a SKILL.md as a tool reads it, the skills a listing is
made of, and the listing with what its budget cut."""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Literal


@dc.dataclass(slots=True, frozen=True)
class Reading:
    """One SKILL.md as one tool reads it."""

    name: str
    """What the tool calls the skill (the key of its duplicates rule)."""
    description: str = ""
    """The description as the tool lists it (cleaned and capped as the tool does)."""
    label: str = ""
    """The name as the listing line shows it (Claude Code: ``folder (name)``); defaults to
    ``name``."""
    problem: str | None = None
    """Why the tool does not load the skill; None when it does."""
    unlisted: str | None = None
    """Why a loaded skill is left out of the model's listing (``disable-model-invocation``)."""

    @property
    def shown(self) -> str:
        return self.label or self.name


@dc.dataclass(slots=True, frozen=True)
class Item:
    """A loaded skill, in the order the tool found it."""

    skill_md: Path
    root: Path
    """The searched folder it was found in."""
    scope: str
    reading: Reading


@dc.dataclass(slots=True, frozen=True)
class Setting:
    """What a listing depends on besides the skills: the launch and the model."""

    env: Mapping[str, str]
    home: Path | None
    context_tokens: int | None = None
    """The model's context window; None: the tool's default model."""
    roots: Sequence[tuple[Path, str]] = ()
    """Every folder the tool searched, in its order, with the scope it gives (Codex numbers
    the ones that hold a listed skill)."""


Cut = Literal["", "shortened", "dropped"]


@dc.dataclass(slots=True, frozen=True)
class Line:
    """One skill of the listing as the tool writes it."""

    name: str
    skill_md: Path
    text: str
    cut: Cut = ""
    description: str | None = None
    """The description as listed (shortened when cut), None when dropped."""


@dc.dataclass(slots=True, frozen=True)
class Cuts:
    """What the tool's budget did: the room, and the skills it shortened, dropped or left out."""

    limit: int | None
    unit: Literal["characters", "tokens"]
    explanation: str
    used_before: int
    """The listing's cost, in ``unit``, before any cut (the tool's own skills included)."""
    used_after: int
    shortened: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    """Listed by name only."""
    omitted: tuple[str, ...] = ()
    over_budget: bool = False
    """Even the names do not fit: ``overflow`` says what the tool does then."""
    overflow: str = ""
    """What the tool does when even the names do not fit."""


@dc.dataclass(slots=True, frozen=True)
class Seen:
    """The listing a tool sends its model, leaving out the skills the tool ships itself."""

    text: str
    """The block as the tool sends it (ending with a newline), or "" when none of your skills
    is listed."""
    lines: tuple[Line, ...]
    cuts: Cuts
    builtin: tuple[str, ...] = ()
    """The tool's own skills, listed by the tool besides these and left out here."""
    unlisted: tuple[tuple[str, str], ...] = ()
    """Loaded skills the tool keeps out of the listing, with the reason."""


Reader = Callable[[Path], Reading]
Walker = Callable[[Path, bool], list[Path]]
"""A tool's own walk of one searched folder: (root, follow linked folders) -> SKILL.md files in
the tool's order."""
Renderer = Callable[[Sequence[Item], Setting], Seen]


@dc.dataclass(slots=True, frozen=True)
class ObservedTool:
    """A tool whose reading and listing were observed by running its real CLI."""

    profile: str
    read: Reader
    render: Renderer
    rejects: str
    """What makes the tool skip a skill, in words (docs/agents.md)."""
    walk: Walker | None = None
    """None: the profile's own walk (``skill_catalog.agents.agent_view.skill_files``)."""
    order: Callable[[Path], tuple[tuple[int, ...], ...]] | None = None
    """Sort key of the SKILL.md files of one searched folder, when the tool sorts them."""
