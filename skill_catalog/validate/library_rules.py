"""Checks across the whole library (codes SC3xx)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence

from skill_catalog.model import Severity, Skill
from skill_catalog.validate.registry import Finding, RuleContext, library_rule


@library_rule("SC301", Severity.WARNING, "duplicate-name",
              fix="Rename one of the skills (and its folder): agent tools keep only one copy, and "
                  "which one depends on the tool.")
def duplicate_name(skills: Sequence[Skill], ctx: RuleContext) -> Iterator[tuple[Skill, Finding]]:
    """Two skills of the library share a name."""
    first: dict[str, Skill] = {}
    for skill in skills:
        if skill.name is None:
            continue
        key = unicodedata.normalize("NFKC", skill.name)
        if key in first:
            other = first[key]
            yield skill, Finding(f"the name '{skill.name}' is also used by {other.skill_md}; "
                                 "agent tools will load only one of them", skill.line_of("name"))
        else:
            first[key] = skill


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
