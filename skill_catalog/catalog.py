"""The :class:`Catalog`: the loaded library that every output reads."""

from __future__ import annotations

import dataclasses as dc
import difflib
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from skill_catalog.config import Config
from skill_catalog.model import Diagnostic, Severity, Skill


class UnknownSkill(LookupError):
    """No skill has that name; ``suggestions`` holds the closest names."""

    def __init__(self, name: str, suggestions: list[str], available: list[str]):
        self.name = name
        self.suggestions = suggestions
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        listing = ", ".join(available[:50]) + (" ..." if len(available) > 50 else "")
        super().__init__(f"Skill not found: {name}.{hint} Available skills: {listing}")


@dc.dataclass(slots=True)
class Catalog:
    """Every skill found under the roots, in discovery order, with all diagnostics."""

    skills: tuple[Skill, ...]
    diagnostics: tuple[Diagnostic, ...]
    """Problems that belong to no single skill (missing roots, links leaving a root, ...)."""
    roots: tuple[Path, ...]
    config: Config = dc.field(default_factory=Config)

    def __iter__(self) -> Iterator[Skill]:
        return iter(self.skills)

    def __len__(self) -> int:
        return len(self.skills)

    @property
    def valid_skills(self) -> list[Skill]:
        return [s for s in self.skills if s.valid]

    @property
    def all_diagnostics(self) -> list[Diagnostic]:
        return [*self.diagnostics, *(d for s in self.skills for d in s.diagnostics)]

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.all_diagnostics)

    def names(self) -> list[str]:
        return sorted({s.key for s in self.skills})

    def get(self, name: str) -> Skill:
        """The skill called ``name``: exact match first, then NFKC and case-insensitive (as
        openseed's load_skill), preferring valid skills. Raises :class:`UnknownSkill`."""
        wanted = unicodedata.normalize("NFKC", name.strip())
        folded = wanted.casefold()
        for match in (lambda s: s.key == name,
                      lambda s: unicodedata.normalize("NFKC", s.key).casefold() == folded):
            found = [s for s in self.skills if match(s)]
            if found:
                return next((s for s in found if s.valid), found[0])
        names = self.names()
        close = difflib.get_close_matches(wanted.lower(), names, n=3, cutoff=0.5)
        raise UnknownSkill(name, close, names)
