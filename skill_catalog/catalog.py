"""The :class:`Catalog`: the loaded library that every output reads."""

from __future__ import annotations

import dataclasses as dc
import difflib
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from skill_catalog.config import Config
from skill_catalog.errors import NotFound
from skill_catalog.model import Budget, Diagnostic, Skill

if TYPE_CHECKING:
    from skill_catalog.prompts import Fragment, LocationMode
    from skill_catalog.search import Hit
    from skill_catalog.skill_access import SkillFiles


class UnknownSkill(NotFound, LookupError):
    """No skill has that name; ``suggestions`` holds the closest names."""

    def __init__(self, name: str, suggestions: list[str], available: list[str]):
        self.name = name
        self.suggestions = suggestions
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        listing = ", ".join(available[:50]) + (" ..." if len(available) > 50 else "")
        super().__init__(f"Skill not found: {name}.{hint} Available skills: {listing}")


class AmbiguousSkill(NotFound, LookupError):
    """Two or more skills answer to the name; ``paths`` lists their folders. No one of them
    is picked (by order or validity): the name belongs to none until all but one is renamed."""

    def __init__(self, name: str, skills: list[Skill]):
        self.name = name
        self.paths = [skill.dir for skill in skills]
        folders = ", ".join(f"{skill.relpath}/" if skill.relpath != "." else skill.dir.name
                            for skill in skills)
        super().__init__(f"Skill name is ambiguous: {name} is claimed by {len(skills)} "
                         f"skills ({folders}); rename all but one (SC301), or give PATHS that "
                         "hold only one of them.")


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
        """Whether a skill or a root has an error (trust findings are a verdict of their own)."""
        return any(d.is_error for d in self.all_diagnostics)

    def names(self) -> list[str]:
        return sorted({s.key for s in self.skills})

    def get(self, name: str) -> Skill:
        """The skill called ``name``: exact match first, then NFKC and case-insensitive (as
        openseed's load_skill). Raises :class:`UnknownSkill` when none matches, and
        :class:`AmbiguousSkill` when several do (valid or not: none is preferred)."""
        wanted = unicodedata.normalize("NFKC", name.strip())
        folded = wanted.casefold()
        for match in (lambda s: s.key == name,
                      lambda s: unicodedata.normalize("NFKC", s.key).casefold() == folded):
            found = [s for s in self.skills if match(s)]
            if len(found) > 1:
                raise AmbiguousSkill(name, found)
            if found:
                return found[0]
        names = self.names()
        close = [n for n in names if folded in n.casefold()][:3]
        close += [n for n in difflib.get_close_matches(folded, names, n=3, cutoff=0.5)
                  if n not in close]
        raise UnknownSkill(name, close, names)

    def search(self, query: str, n: int = 5) -> list[Hit]:
        """The ``n`` skills that best match ``query`` by name, description and headings (an
        exact name first, any case); each :class:`~skill_catalog.search.Hit` has ``name``,
        ``description``, ``score``, ``url`` (the SKILL.md path) and ``valid``. Builds the index
        on each call: to ask many queries, use :func:`skill_catalog.search.build_index` once."""
        from skill_catalog.search import build_index, local_url
        from skill_catalog.search import query as run_query

        return run_query(build_index(self.skills, url_for=local_url), query, n=n)

    def prompt(self, format: str = "xml", *, location: LocationMode = "absolute",
               budget: str | Budget | None = None, context_tokens: int | None = None,
               template: str | Path | None = None) -> Fragment:
        """The valid skills as a prompt fragment; see :func:`skill_catalog.prompts.render`."""
        from skill_catalog.prompts import render

        return render(self, format, location=location, budget=budget,
                      context_tokens=context_tokens, template=template)

    def show(self, name: str) -> str:
        """Skill ``name`` as a skill tool returns it: ``<skill_content>`` with its body, folder
        and files (:func:`skill_catalog.skill_access.skill_content`)."""
        from skill_catalog.skill_access import skill_content

        return skill_content(self.get(name))

    def files(self, name: str) -> SkillFiles:
        """The scripts, references, assets and other files of skill ``name``."""
        from skill_catalog.skill_access import list_files

        return list_files(self.get(name))

    def read_file(self, name: str, relpath: str, *, any_path: bool = False,
                  max_bytes: int | None = None) -> str:
        """The text of file ``relpath`` of skill ``name``; refused (``FileRefused``) outside
        SKILL.md, references/, assets/ and scripts/ unless ``any_path``, outside the folder,
        for special, binary or too large files (:func:`skill_catalog.skill_access.read_text`)."""
        from skill_catalog.skill_access import MAX_FILE_BYTES, read_text

        return read_text(self.get(name), relpath, any_path=any_path,
                         max_bytes=max_bytes or MAX_FILE_BYTES)

    def read_file_bytes(self, name: str, relpath: str, *, any_path: bool = False,
                        max_bytes: int | None = None) -> bytes:
        """The bytes of file ``relpath`` of skill ``name``, binary files included."""
        from skill_catalog.skill_access import MAX_FILE_BYTES, read_bytes

        return read_bytes(self.get(name), relpath, any_path=any_path,
                          max_bytes=max_bytes or MAX_FILE_BYTES)

    def file_path(self, name: str, relpath: str, *, any_path: bool = False) -> Path:
        """The absolute path of file ``relpath`` of skill ``name`` (e.g. ``scripts/x.py`` to
        run), checked like :meth:`read_file` but not read."""
        from skill_catalog.skill_access import file_path

        return file_path(self.get(name), relpath, any_path=any_path)
