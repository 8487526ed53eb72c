"""Checks across the whole library (codes SC3xx)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from skill_catalog.codes.registry import Finding, RuleContext, declare, library_rule
from skill_catalog.model import Severity, Skill, shared_names

declare("SC303", Severity.ERROR, "no-skills", "The roots hold no skill at all.",
        "Check the paths given, or the roots of skill-catalog.yml (and its include and exclude "
        "globs): a library with no skill fails validate and build, so that a CI job reading "
        "the wrong folder cannot pass.", stage="library")

declare("SC310", Severity.WARNING, "unused-acceptance",
        "A `trust.accept` entry of the configuration accepts nothing: it names no skill of the "
        "library, or a skill with no finding of its rule.",
        "Correct the entry's skill (its name or folder) or rule, or remove the entry: a stale "
        "acceptance would silently accept a finding a later change brings.", stage="library")


@library_rule("SC301", Severity.ERROR, "duplicate-name",
              fix="Rename one of the skills (its name and its folder). A name two folders claim "
                  "is published for neither: no page, discovery entry or archive under that "
                  "name, and show/file call it ambiguous; agent tools would keep only one copy, "
                  "and which one depends on the tool.")
def duplicate_name(skills: Sequence[Skill], ctx: RuleContext) -> Iterator[tuple[Skill, Finding]]:
    """Two skills of the library declare one name (compared after NFKC normalisation).

    Every claimant gets the error: nothing says which folder the name belongs to, and taking
    the first in discovery order would let a new folder take over an existing skill's page and
    entries. ``validate --changed-since`` keeps it only on the skills the change added or
    renamed into the name (:func:`skill_catalog.pipeline.changes.only_changed`).
    """
    for claimants in shared_names(skills).values():
        for skill in claimants:
            others = [other for other in claimants if other is not skill]
            listed = ", ".join(_folder(other, skill) for other in others[:MAX_LISTED])
            if len(others) > MAX_LISTED:
                listed += f" and {len(others) - MAX_LISTED} more"
            name = skill.name or ""
            shown = name if len(name) <= MAX_NAME_SHOWN else name[:MAX_NAME_SHOWN] + "\u2026"
            yield skill, Finding(
                f"the name '{shown}' is also claimed by {listed}: a name two folders claim "
                "is published for neither (no page, discovery entry or archive under it)",
                skill.line_of("name"))


MAX_LISTED = 3
"""Other claimants a SC301 message names (a name claimed by many folders stays one line)."""
MAX_NAME_SHOWN = 64
"""Characters of the name a SC301 message quotes (a longer name is invalid anyway, SC104)."""


def _folder(skill: Skill, seen_from: Skill) -> str:
    """``skill``'s folder as a reader of ``seen_from``'s report finds it: relative to the
    root, with the root's name when the two are under different roots (never absolute)."""
    relpath = skill.relpath
    if skill.root != seen_from.root:
        relpath = f"{skill.root.name}/{relpath}" if relpath != "." else skill.root.name
    return f"{relpath}/"


@library_rule("SC302", Severity.INFO, "nested-skill",
              fix="Move the skill out of the other skill's folder if every agent tool should see "
                  "it; keep it nested only for orchestration.")
def nested_skill(skills: Sequence[Skill], ctx: RuleContext) -> Iterator[tuple[Skill, Finding]]:
    """A skill lives inside another skill's folder."""
    for skill in skills:
        if skill.nested_in is not None:
            where = skill.nested_in.relative_to(skill.root).as_posix() or skill.root.name
            yield skill, Finding(f"this skill is nested inside the skill at {where}/: "
                                 "tools that stop at the first SKILL.md (Claude Code, Copilot) "
                                 "will not load it", 1)
