"""One skill as a prompt fragment sees it: cleaned values and a location in the chosen form."""

from __future__ import annotations

import dataclasses as dc
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from skill_catalog.model import Skill
from skill_catalog.prompts.sanitize import clean

LocationMode = Literal["absolute", "relative", "none"]
LOCATION_MODES: tuple[LocationMode, ...] = ("absolute", "relative", "none")


@dc.dataclass(slots=True, frozen=True)
class Entry:
    """A skill ready for a fragment. Every string is already :func:`clean`; escaping is left
    to each format, because each escapes differently."""

    name: str
    description: str | None
    """The description shown, or None when a budget dropped it (the entry is the bare name)."""
    location: str | None
    """SKILL.md as the chosen location mode spells it, or None (``--location none``)."""
    skill_md: Path
    """The SKILL.md file, absolute, whatever the location mode."""
    dir: Path
    full_description: str
    """The description before any budget shortened or dropped it."""
    license: str | None = None
    compatibility: str | None = None
    allowed_tools: str | None = None
    metadata: dict[str, str] = dc.field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The mapping a user's template receives for each skill."""
        return {
            "name": self.name,
            "description": self.description,
            "full_description": self.full_description,
            "location": self.location,
            "path": str(self.skill_md),
            "dir": str(self.dir),
            "metadata": dict(self.metadata),
            "license": self.license,
            "compatibility": self.compatibility,
            "allowed_tools": self.allowed_tools,
        }


def _text(value: Any) -> str | None:
    if isinstance(value, str):
        return clean(value.strip()) or None
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return clean(" ".join(v.strip() for v in value)) or None
    return None


def _metadata(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {clean(str(k)): clean(str(v)) for k, v in value.items()}


def location_of(skill_md: Path, mode: LocationMode, cwd: Path | None = None) -> str | None:
    """SKILL.md as ``mode`` asks: absolute (lexical: symlinks kept), relative to ``cwd``
    (default: the current folder), or None."""
    if mode == "none":
        return None
    return _location(os.path.abspath(skill_md), mode, cwd)


def _location(absolute: str, mode: LocationMode, cwd: Path | None) -> str:
    """:func:`location_of` for a path already made absolute and normal."""
    if mode == "absolute":
        return clean(absolute)
    start = os.path.abspath(cwd) if cwd is not None else os.getcwd()
    inside = start.rstrip(os.sep) + os.sep
    if absolute.startswith(inside):  # the usual case: relpath's answer without its walk
        relative = absolute[len(inside):]
    else:
        try:
            relative = os.path.relpath(absolute, start)
        except ValueError:  # another drive on Windows: no relative path exists
            return clean(absolute)
    # relpath's result is already normal (no "." or empty part): only the separator differs
    # from Path(relative).as_posix()
    return clean(relative if os.sep == "/" else relative.replace(os.sep, "/"))


def _absolute(path: Path) -> Path:
    """``path`` made absolute and normal (lexically), the same object when it already is."""
    absolute = os.path.abspath(path)
    return path if absolute == str(path) else Path(absolute)


def entry_for(skill: Skill, location: LocationMode = "absolute", cwd: Path | None = None) -> Entry:
    """The :class:`Entry` of a (valid) skill."""
    description = clean(skill.description or "")
    front = skill.frontmatter
    skill_md = _absolute(skill.skill_md)
    return Entry(
        name=clean(skill.key),
        description=description,
        location=None if location == "none" else _location(str(skill_md), location, cwd),
        skill_md=skill_md,
        dir=_absolute(skill.dir),
        full_description=description,
        license=_text(front.get("license")),
        compatibility=_text(front.get("compatibility")),
        allowed_tools=_text(front.get("allowed-tools")),
        metadata=_metadata(front.get("metadata")),
    )


def listed(skills: Iterable[Skill]) -> tuple[list[Skill], list[str]]:
    """The skills a fragment lists, and one note for each left out (path and first error).

    Invalid skills are left out, as every client leaves out what it cannot load; so are skills
    that ask not to be offered to the model (``disable-model-invocation: true``).
    """
    kept: list[Skill] = []
    notes: list[str] = []
    for skill in skills:
        if not skill.valid:
            first = skill.errors[0] if skill.errors else None
            reason = f"{first.code} {first.message}" if first else "SKILL.md could not be read"
            notes.append(f"{skill.skill_md}: left out: {one_line_note(reason)}")
        elif skill.frontmatter.get("disable-model-invocation") is True:
            notes.append(f"{skill.skill_md}: left out: disable-model-invocation is true")
        else:
            kept.append(skill)
    return kept, notes


def one_line_note(text: str) -> str:
    """A diagnostic message on one line (YAML errors span several)."""
    return " ".join(clean(text).split())
