"""The domain model: slotted dataclasses shared by every stage of the pipeline.

Nothing here imports from the rest of the package; every other module imports from here.
"""

from __future__ import annotations

import dataclasses as dc
import enum
import os
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal


class Severity(enum.IntEnum):
    """How bad a diagnostic is. Only errors make a skill invalid."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    def __str__(self) -> str:
        return self.name.lower()


FileCategory = Literal["skill_md", "scripts", "references", "assets", "other"]


def relative_posix(path: Path, base: Path) -> str | None:
    """``path`` relative to ``base`` with ``/`` separators (``.`` for ``base`` itself), or None
    when it is not below it: ``Path.relative_to``, lexical like it, without making Paths."""
    text, folder = str(path), str(base)
    if text == folder:
        return "."
    prefix = folder if folder.endswith(os.sep) else folder + os.sep
    if not text.startswith(prefix):
        return None
    return text[len(prefix):].replace(os.sep, "/")



def folder_relpath(folder: Path, root: Path) -> str:
    """``folder`` relative to ``root``, ``/``-separated (``.`` for the root itself)."""
    rel = relative_posix(folder, root)
    if rel is None:
        raise ValueError(f"{folder} is not under {root}")
    return rel

@dc.dataclass(slots=True, frozen=True)
class Diagnostic:
    """One finding about a file, with the place it points at."""

    code: str
    """Stable rule code, e.g. ``SC101``."""
    severity: Severity
    message: str
    """What is wrong and how to fix it."""
    file: Path | None = None
    """The file the finding is about (absolute), or None for the library as a whole."""
    line: int | None = None
    """1-based line in ``file``."""
    column: int | None = None
    """1-based column in ``file``."""
    accepted: str | None = None
    """For a trust finding accepted in the configuration (``trust.accept``): the written
    justification. It is still reported, as accepted, and no longer counts."""

    @property
    def is_trust(self) -> bool:
        """A trust signal (codes ``ST...``): a verdict of its own, never spec validity."""
        return self.code.startswith("ST")

    @property
    def is_error(self) -> bool:
        """An error that makes a skill invalid (trust findings never do)."""
        return self.severity is Severity.ERROR and not self.is_trust


def reading_order(diagnostic: Diagnostic) -> tuple[str, int, int]:
    """The one order diagnostics are listed in, wherever they are shown: by file, then line,
    then column (a finding about a whole file before those on its lines); a stable sort keeps
    the rules' own order among findings at one place."""
    return (diagnostic.file.as_posix() if diagnostic.file is not None else "",
            diagnostic.line or 0, diagnostic.column or 0)


def worst_first(diagnostics: Sequence[Diagnostic], limit: int) -> tuple[list[Diagnostic], int]:
    """The diagnostics an output shows when it shows at most ``limit``: all of them in their
    order when there are no more, else the ``limit`` most severe (in their order within a
    severity); and how many are left out."""
    if len(diagnostics) <= limit:
        return list(diagnostics), 0
    ordered = sorted(diagnostics, key=lambda d: -int(d.severity))
    return ordered[:limit], len(diagnostics) - limit


TrustStatus = Literal["clean", "notice", "warning", "danger"]
STATUS_ORDER: tuple[TrustStatus, ...] = ("clean", "notice", "warning", "danger")
SEVERITY_STATUS: dict[Severity, TrustStatus] = {
    Severity.INFO: "notice", Severity.WARNING: "warning", Severity.ERROR: "danger",
}
"""The trust status a finding of each severity gives a skill (its worst counted finding's)."""


@dc.dataclass(slots=True, frozen=True)
class TrustVerdict:
    """A skill's trust, settled once (:func:`skill_catalog.trust.policy.settle`) and read by
    every output: its status, the finding that gives it, and what the publishing policy
    makes of it."""

    status: TrustStatus = "clean"
    """``danger`` (an error-level trust finding), ``warning``, ``notice`` or ``clean``;
    accepted findings (suppressed with a reason) do not count."""
    worst: Diagnostic | None = None
    """The first of the worst trust findings not accepted (None: clean)."""
    counted: int = 0
    """How many trust findings are not accepted."""
    secrets: tuple[Diagnostic, ...] = ()
    """The credentials ``trust.withhold_secrets`` withholds the skill for (its ST030 findings
    not accepted)."""
    withheld: str | None = None
    """Why ``trust.withhold`` or ``trust.withhold_secrets`` keeps the skill out of what
    agents fetch (None: it does not)."""

    @classmethod
    def of(cls, diagnostics: Iterable[Diagnostic]) -> TrustVerdict:
        """The status of ``diagnostics`` and their worst counted finding (no policy applied):
        the one place the worst finding is picked."""
        counted = [d for d in diagnostics if d.is_trust and not d.accepted]
        worst = max(counted, key=lambda d: int(d.severity), default=None)
        status: TrustStatus = "clean" if worst is None else SEVERITY_STATUS[worst.severity]
        return cls(status, worst, len(counted))


@dc.dataclass(slots=True, frozen=True)
class SkillFile:
    """One file of a skill's folder (the inventory)."""

    relpath: str
    """Path relative to the skill folder, with ``/`` separators."""
    category: FileCategory
    size: int
    is_text: bool
    executable: bool
    has_shebang: bool = False


@dc.dataclass(slots=True, frozen=True)
class SourceInfo:
    """How SKILL.md was encoded; everything here was tolerated and reported."""

    bom: bool = False
    crlf: bool = False
    lone_cr: bool = False


@dc.dataclass(slots=True, frozen=True)
class SkillFolder:
    """A skill folder as discovery found it: where it is, the regular files it holds (a
    nested skill's excluded) and the problems met on the way; what parsing reads."""

    root: Path
    """The library root it was found under (absolute, as given: not resolved)."""
    dir: Path
    """The skill folder (absolute, lexical path under ``root``)."""
    skill_md: Path
    """The SKILL.md (or skill.md) file."""
    entries: tuple[Any, ...] = ()
    """Its regular files, as the walk listed them (:class:`skill_catalog.fs.walk.FileEntry`)."""
    nested_in: Path | None = None
    """The folder of the skill that contains this one, if any."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """What discovery found wrong in it (links, unreadable entries, the file's name)."""

    @property
    def relpath(self) -> str:
        """The skill folder relative to its root, ``/``-separated (``.`` for the root itself)."""
        return folder_relpath(self.dir, self.root)


@dc.dataclass(slots=True, frozen=True)
class Skill:
    """A skill as the load hands it on: its place, what its SKILL.md says, and what is wrong
    with it. Frozen: each stage of the load (parse, check, accept, settle) returns a new one
    (``dataclasses.replace``) and changes none it was given."""

    root: Path
    """The library root it was found under (absolute, as given: not resolved)."""
    dir: Path
    """The skill folder (absolute, lexical path under ``root``)."""
    skill_md: Path
    """The SKILL.md (or skill.md) file."""
    frontmatter: dict[str, Any] = dc.field(default_factory=dict)
    """The frontmatter as a full YAML reader (PyYAML's safe loader) reads it."""
    lines: dict[str, int] = dc.field(default_factory=dict)
    """1-based line of each top-level key (and ``metadata.<key>``) in ``skill_md``."""
    held_body: bytes | Callable[[], bytes] = dc.field(default=b"", repr=False)
    """The body as UTF-8, or what reads it from SKILL.md each time it is asked for (a
    build's load leaves the bodies there): use :attr:`body_utf8` (or :attr:`body`)."""
    body_line: int = 1
    """Line of ``skill_md`` where the body starts."""
    files: tuple[SkillFile, ...] = ()
    files_truncated: bool = False
    """True when the folder held more files than the inventory lists."""
    source: SourceInfo = dc.field(default_factory=SourceInfo)
    parsed: bool = False
    """True when the frontmatter was read into a mapping."""
    nested_in: Path | None = None
    """The folder of the skill that contains this one, if any."""
    diagnostics: tuple[Diagnostic, ...] = ()
    fingerprint: str = ""
    """A digest of the content (path, mode, SHA-256) of every file of the folder when it was
    loaded, when the load took one (:mod:`skill_catalog.pipeline.skill_cache`); a changed file
    changes it."""
    verdict: TrustVerdict | None = dc.field(default=None, compare=False)
    """Its trust settled by the load, policy applied (:attr:`trust`); None before."""
    markers: Mapping[str, Any] | None = dc.field(default=None, compare=False, repr=False)
    """The acceptance markers of its files, by path in the skill, taken by the check while it
    read them (:func:`skill_catalog.trust.accept.gather_markers`), for the acceptance that
    follows; None when they were not (a skill restored from the cache: they are read)."""
    outline: str | None = dc.field(default=None, compare=False)
    """The body's headings, one a line (:func:`skill_catalog.parse.outline.outline`), when the
    load took them while it held the body (a load that fills the skill cache lets go of the
    body, and restores them with a cached skill); None when it did not: they are then read
    from the body when needed."""

    @property
    def body_utf8(self) -> bytes:
        """The body (the Markdown after the frontmatter) as UTF-8: held as bytes because a
        ``str`` with one emoji takes four bytes a character, and a catalog of 10,000 skills
        holds every body (lone surrogates are kept with ``surrogatepass``); a build's load
        leaves them in SKILL.md instead, read each time they are asked for."""
        held = self.held_body
        return held if isinstance(held, bytes) else held()

    @property
    def body(self) -> str:
        """The body: the Markdown after the frontmatter."""
        return self.body_utf8.decode("utf-8", "surrogatepass")

    def read_body(self) -> str:
        """The body, as :attr:`body` (a pass over every skill of a library that needs each
        body once)."""
        return self.body

    @property
    def name(self) -> str | None:
        """The frontmatter name, stripped, or None when it is missing or not a string."""
        value = self.frontmatter.get("name")
        return (value.strip() or None) if isinstance(value, str) else None

    @property
    def description(self) -> str | None:
        value = self.frontmatter.get("description")
        return (value.strip() or None) if isinstance(value, str) else None

    @property
    def key(self) -> str:
        """The name a catalog uses for this skill: the frontmatter name, else the folder."""
        return self.name or self.dir.name

    @property
    def relpath(self) -> str:
        """The skill folder relative to its root, ``/``-separated (``.`` for the root itself)."""
        return folder_relpath(self.dir, self.root)

    @property
    def valid(self) -> bool:
        return self.parsed and not any(d.is_error for d in self.diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING and not d.is_trust]

    @property
    def trust(self) -> TrustVerdict:
        """The skill's trust verdict: as the load settled it (:attr:`verdict`), else its status
        from its diagnostics, without the publishing policy."""
        return self.verdict if self.verdict is not None else TrustVerdict.of(self.diagnostics)

    @property
    def trust_findings(self) -> list[Diagnostic]:
        """The trust signals (codes ``ST...``), accepted ones included."""
        return [d for d in self.diagnostics if d.is_trust]

    def line_of(self, key: str) -> int | None:
        return self.lines.get(key)

    def files_in(self, category: FileCategory) -> list[SkillFile]:
        return [f for f in self.files if f.category == category]


def name_key(name: str) -> str:
    """How skill names are compared: NFKC-normalised (as skills-ref normalises them)."""
    return unicodedata.normalize("NFKC", name)


def shared_names(skills: Iterable[Skill]) -> dict[str, list[Skill]]:
    """Every name (:func:`name_key`) that two or more of ``skills`` declare in their
    frontmatter, with those skills in their order.

    A name two folders claim belongs to neither: no output picks one by discovery order. The
    claimants get SC301 (an error: neither is published), neither gets the page URL, the
    discovery-index entry or the archive name that is the bare name, and looking the name up
    (``show``, ``files``, ``file``, :meth:`Catalog.get`) says it is ambiguous.
    """
    claims: dict[str, list[Skill]] = {}
    for skill in skills:
        if skill.name is not None:
            claims.setdefault(name_key(skill.name), []).append(skill)
    return {name: found for name, found in claims.items() if len(found) > 1}


@dc.dataclass(slots=True, frozen=True)
class Budget:
    """How much room an agent tool gives the skill listing in its prompt, and what it cuts.

    Used by tool profiles (``discovery/profiles.py``) and applied by ``prompts``.
    """

    unit: Literal["chars", "tokens"]
    """What ``context_fraction`` and ``fixed`` count."""
    context_fraction: float | None = None
    """Share of the context window (Claude Code: 0.01 of tokens*4 chars; Codex: 0.02 tokens)."""
    fallback: int | None = None
    """Budget in characters, whatever ``unit`` says, when the context size is unknown (Claude
    Code and Codex: 8,000 characters)."""
    fixed: int | None = None
    """A fixed budget in ``unit`` (Copilot: 15,000 characters)."""
    per_entry_chars: int | None = None
    """Cap on one entry's description (Claude Code: 1,536)."""
    strategy: Literal["drop-descriptions", "omit-entries", "truncate-descriptions"] = (
        "omit-entries"
    )
    """What the tool does on overflow: list names only, leave entries out, or shorten the
    longest descriptions first."""
