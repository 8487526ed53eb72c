"""The rule registry: every diagnostic code, its severity, its fix, and its check.

Rules of the ``skill`` and ``library`` stages are functions registered with :func:`skill_rule`
and :func:`library_rule`; they run in code order, and return what they find: the skills they
are given are left as they are (:func:`check_skill`, :func:`check_library`). Rules of the
``discovery`` and ``parse`` stages are emitted where the problem is met (``emit``) but are
declared here all the same, so that every code has one entry, one severity and one
documentation text.
"""

from __future__ import annotations

import dataclasses as dc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

from skill_catalog.codes import declared
from skill_catalog.model import Diagnostic, Severity, Skill

Stage = Literal["discovery", "parse", "skill", "library", "build"]
T = TypeVar("T")


@dc.dataclass(slots=True, frozen=True)
class Finding:
    """What a check reports; the registry adds code, severity and default file."""

    message: str
    line: int | None = None
    column: int | None = None
    file: Path | None = None


@dc.dataclass(slots=True, frozen=True)
class RuleContext:
    """What rules may consult besides the skill itself."""

    body_max_lines: int
    body_max_tokens: int
    """The config's ``limits`` of the same names (their defaults live there)."""
    extensions: frozenset[str] = frozenset()
    """Agent tools whose extension frontmatter fields are accepted (config ``extensions``)."""
    off: frozenset[str] = frozenset()
    """Rule codes switched off (config ``rules: {CODE: off}``): their checks are not run."""
    derived: dict[Callable[[Skill], Any], Any] | None = dc.field(
        default=None, compare=False, repr=False)
    """What the rules of the skill being checked derived from it, by the function that
    derived it (:meth:`once`): :func:`check_skill` hands each skill a context of its own with
    an empty one, so that the rules share one scan of the skill through the value they are
    given; None in the context a load starts from (nothing is kept)."""

    def once(self, derive: Callable[[Skill], T], skill: Skill) -> T:
        """``derive(skill)``, computed once for all the rules of the skill being checked
        (the trust rules' scan, the body's text and links): every rule that asks again gets
        the same value."""
        if self.derived is None:
            return derive(skill)
        if derive not in self.derived:
            self.derived[derive] = derive(skill)
        value: T = self.derived[derive]
        return value


SkillCheck = Callable[[Skill, RuleContext], Iterable[Finding]]
LibraryCheck = Callable[[Sequence[Skill], RuleContext], Iterable[tuple[Skill, Finding]]]


@dc.dataclass(slots=True, frozen=True)
class Rule:
    code: str
    severity: Severity
    title: str
    """A short kebab-case name, e.g. ``name-lowercase``."""
    summary: str
    """One sentence: what the rule checks."""
    fix: str
    """How to fix it."""
    stage: Stage
    source: str = "skill-catalog"
    """Where the rule comes from: ``spec``, ``skills-ref``, or ``skill-catalog``."""
    skill_check: SkillCheck | None = None
    library_check: LibraryCheck | None = None


RULES: dict[str, Rule] = {}


def _register(rule: Rule) -> Rule:
    if rule.code in RULES:
        raise ValueError(f"rule code {rule.code} registered twice")
    RULES[rule.code] = rule
    return rule


def declare(
    code: str, severity: Severity, title: str, summary: str, fix: str, *, stage: Stage,
    source: str = "skill-catalog",
) -> None:
    """Declare a rule emitted by discovery or parsing."""
    _register(Rule(code, severity, title, summary, fix, stage, source))


def _first_paragraph(doc: str) -> str:
    """A docstring's first paragraph on one line (a summary may take several lines)."""
    return " ".join(doc.strip().split("\n\n")[0].split())


def skill_rule(
    code: str, severity: Severity, title: str, *, fix: str, source: str = "skill-catalog"
) -> Callable[[SkillCheck], SkillCheck]:
    """Register a per-skill check; its docstring's first paragraph is the rule's summary."""

    def decorator(check: SkillCheck) -> SkillCheck:
        summary = _first_paragraph(check.__doc__ or title)
        _register(Rule(code, severity, title, summary, fix, "skill", source, skill_check=check))
        return check

    return decorator


def library_rule(
    code: str, severity: Severity, title: str, *, fix: str
) -> Callable[[LibraryCheck], LibraryCheck]:
    """Register a check over the whole library."""

    def decorator(check: LibraryCheck) -> LibraryCheck:
        summary = _first_paragraph(check.__doc__ or title)
        _register(Rule(code, severity, title, summary, fix, "library", library_check=check))
        return check

    return decorator


def emit(
    code: str, message: str, *, file: Path | None = None, line: int | None = None,
    column: int | None = None,
) -> Diagnostic:
    """A diagnostic for a declared rule, with the rule's severity."""
    return Diagnostic(code, RULES[code].severity, message, file, line, column)


def _diagnostic(rule: Rule, finding: Finding, default_file: Path) -> Diagnostic:
    return Diagnostic(rule.code, rule.severity, finding.message, finding.file or default_file,
                      finding.line, finding.column)


_ORDER: list[Rule] = []


def _ordered() -> list[Rule]:
    """Every rule in code order (rules run in that order); the rule modules are registered by
    importing :mod:`skill_catalog.validate.rules`, which whoever runs them does."""
    if len(_ORDER) != len(RULES):
        _ORDER[:] = sorted(RULES.values(), key=lambda r: r.code)
    return _ORDER


def check_skill(skill: Skill, context: RuleContext) -> list[Diagnostic]:
    """What every skill rule finds in one skill, in code order (nothing when its frontmatter
    could not be read); the skill is left as it is."""
    if not skill.parsed:
        return []
    context = dc.replace(context, derived={})
    found: list[Diagnostic] = []
    for rule in _ordered():
        if rule.skill_check is not None and rule.code not in context.off:
            found.extend(_diagnostic(rule, finding, skill.skill_md)
                         for finding in rule.skill_check(skill, context))
    return found


def check_library(
    skills: Sequence[Skill],
    context: RuleContext,
    *,
    overrides: Mapping[str, Severity | None] | None = None,
) -> list[Skill]:
    """``skills`` with what the library rules find (rules that compare skills: run after
    :func:`check_skill` on each), then ``overrides`` applied to all their diagnostics (a code
    mapped to a new severity, or to None: switched off), those of discovery and parsing
    included; new skills where anything changed, the others as they were."""
    found: dict[int, list[Diagnostic]] = {}
    for rule in _ordered():
        if rule.library_check is not None and rule.code not in context.off:
            for skill, finding in rule.library_check(skills, context):
                found.setdefault(id(skill), []).append(
                    _diagnostic(rule, finding, skill.skill_md))
    result = []
    for skill in skills:
        diagnostics = skill.diagnostics + tuple(found.get(id(skill), ()))
        if overrides:
            diagnostics = tuple(apply_overrides(diagnostics, overrides))
        result.append(skill if diagnostics == skill.diagnostics
                      else dc.replace(skill, diagnostics=diagnostics))
    return result


def apply_overrides(
    diagnostics: Iterable[Diagnostic], overrides: Mapping[str, Severity | None]
) -> Iterator[Diagnostic]:
    for diagnostic in diagnostics:
        if diagnostic.code not in overrides:
            yield diagnostic
            continue
        severity = overrides[diagnostic.code]
        if severity is not None:
            yield dc.replace(diagnostic, severity=severity)


for _args, _kwargs in declared.DECLARED:
    declare(*_args, **_kwargs)
