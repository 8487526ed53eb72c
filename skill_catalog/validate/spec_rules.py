"""The spec's frontmatter rules, with skills-ref's messages (codes SC1xx).

Each check mirrors ``skills_ref.validator`` 0.1.1 (same conditions, same order, same wording);
the extra sentence after the reference message says how to fix the problem.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from skill_catalog.agents.extensions import (
    SPEC_FIELDS,
    TOOL_TITLES,
    accepted_fields,
    tools_defining,
)
from skill_catalog.authoring.naming import lowercase_fix
from skill_catalog.codes.registry import Finding, RuleContext, skill_rule
from skill_catalog.model import Severity, Skill
from skill_catalog.spec.limits import MAX_COMPATIBILITY, MAX_DESCRIPTION, MAX_NAME

E, W = Severity.ERROR, Severity.WARNING
_ALLOWED = str(sorted(SPEC_FIELDS))


def _kind(value: Any) -> str:
    """'a number', 'a list', ... for messages."""
    names = {bool: "a boolean", int: "a number", float: "a number", list: "a list",
             dict: "a mapping"}
    return names.get(type(value), f"a {type(value).__name__}")


def _normalized_name(skill: Skill) -> str | None:
    """The name as skills-ref checks it (stripped, NFKC), or None if it is not a usable string."""
    value: Any = skill.frontmatter.get("name")
    if not isinstance(value, str) or not value.strip():
        return None
    return unicodedata.normalize("NFKC", value.strip())


@skill_rule("SC101", E, "unexpected-field", source="spec",
            fix="Move the field under `metadata:` (a map of string values), or, for a tool's "
                "documented extension, list the tool under `extensions:` in skill-catalog.yml.")
def unexpected_fields(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """A top-level field is not one of the spec's six (name, description, license,
    compatibility, metadata, allowed-tools) nor of an enabled tool extension."""
    allowed = accepted_fields(ctx.extensions)
    for key in sorted(set(skill.frontmatter) - allowed):
        owners = tools_defining(key)
        if owners:
            titles = " and ".join(TOOL_TITLES[t] for t in owners)
            advice = (f"'{key}' is a {titles} extension: move it under 'metadata', or enable "
                      f"it with 'extensions: [{owners[0]}]' in skill-catalog.yml")
        else:
            advice = f"move '{key}' under 'metadata' (metadata values must be strings)"
        yield Finding(f"Unexpected fields in frontmatter: {key}. Only {_ALLOWED} are allowed. "
                      f"Fix: {advice}.", skill.line_of(key))


@skill_rule("SC102", E, "name-missing", source="spec",
            fix="Add `name: <folder-name>` to the frontmatter: agents list, choose and call a "
                "skill by its name, and skills-ref refuses a skill without one.")
def name_missing(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The frontmatter has no name."""
    if "name" not in skill.frontmatter:
        yield Finding(f"Missing required field in frontmatter: name. Fix: add 'name: "
                      f"{skill.dir.name}' (the folder's name).", 1)


@skill_rule("SC103", E, "name-not-string", source="spec",
            fix="Give a non-empty string; quote values YAML would read as a number, boolean or "
                "null (`name: \"123\"`).")
def name_not_string(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The name is not a string, or is empty (YAML read it as a number, a boolean, null or a
    list)."""
    if "name" in skill.frontmatter and _normalized_name(skill) is None:
        value = skill.frontmatter["name"]
        kind = "empty" if value is None or isinstance(value, str) else _kind(value)
        yield Finding(f"Field 'name' must be a non-empty string (it is {kind}).",
                      skill.line_of("name"))


@skill_rule("SC104", E, "name-too-long", source="spec",
            fix=f"Shorten the name to {MAX_NAME} characters, and rename the folder to match: "
                "the spec's limit, which skills-ref and the agent tools that check names "
                "enforce.")
def name_too_long(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The name is longer than 64 characters (after NFKC normalisation)."""
    name = _normalized_name(skill)
    if name is not None and len(name) > MAX_NAME:
        yield Finding(f"Skill name '{name}' exceeds {MAX_NAME} character limit ({len(name)} "
                      "chars)", skill.line_of("name"))


@skill_rule("SC105", E, "name-lowercase", source="spec",
            fix="Write the name in lowercase, and rename the folder to match: the spec allows "
                "only lowercase, skills-ref refuses the skill, and tools that compare names "
                "exactly see 'PDF' and 'pdf' as two skills.")
def name_lowercase(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The name has uppercase letters."""
    name = _normalized_name(skill)
    if name is not None and name != name.lower():
        # Not 'my_tool' for 'My_Tool': a name that passes every name rule where one can be made.
        suggestion = lowercase_fix(name)
        fix = f" Fix: use '{suggestion}'." if suggestion else " Fix: write it in lowercase."
        yield Finding(f"Skill name '{name}' must be lowercase.{fix}", skill.line_of("name"))


@skill_rule("SC106", E, "name-hyphen-edge", source="spec",
            fix="Remove the leading or trailing hyphen, in the name and the folder: the spec's "
                "naming rule, which skills-ref enforces.")
def name_hyphen_edge(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The name starts or ends with a hyphen."""
    name = _normalized_name(skill)
    if name is not None and (name.startswith("-") or name.endswith("-")):
        yield Finding("Skill name cannot start or end with a hyphen", skill.line_of("name"))


@skill_rule("SC107", E, "name-double-hyphen", source="spec",
            fix="Replace '--' with a single hyphen, in the name and the folder: the spec's "
                "naming rule, which skills-ref enforces.")
def name_double_hyphen(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The name holds consecutive hyphens ('--')."""
    name = _normalized_name(skill)
    if name is not None and "--" in name:
        yield Finding("Skill name cannot contain consecutive hyphens", skill.line_of("name"))


@skill_rule("SC108", E, "name-characters", source="spec",
            fix="Use only lowercase letters, digits and hyphens: replace '_', '.', spaces and "
                "other characters with '-'.")
def name_characters(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The name holds a character other than a letter, a digit or a hyphen (skills-ref:
    ``str.isalnum``)."""
    name = _normalized_name(skill)
    if name is not None and not all(c.isalnum() or c == "-" for c in name):
        bad = "".join(sorted({c for c in name if not (c.isalnum() or c == "-")}))
        yield Finding(f"Skill name '{name}' contains invalid characters. Only letters, digits, "
                      f"and hyphens are allowed. Found: {bad!r}.", skill.line_of("name"))


@skill_rule("SC109", E, "name-folder-mismatch", source="spec",
            fix="Rename the folder to the skill's name, or change the name to the folder's: "
                "the spec requires both to match, skills-ref refuses the skill otherwise, and "
                "several agent tools know a skill by its folder.")
def name_folder_mismatch(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The name is not the folder's name (both NFKC-normalised, compared case-sensitively)."""
    name = _normalized_name(skill)
    if name is not None and unicodedata.normalize("NFKC", skill.dir.name) != name:
        yield Finding(f"Directory name '{skill.dir.name}' must match skill name '{name}'",
                      skill.line_of("name"))


@skill_rule("SC110", W, "name-not-ascii",
            fix="Prefer ASCII a-z, 0-9 and '-': the spec's examples, Claude.ai uploads, and the "
                ".well-known discovery drafts accept only those.")
def name_not_ascii(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """A non-ASCII name passes the reference validator but is not portable."""
    name = _normalized_name(skill)
    if name is not None and not name.isascii():
        yield Finding(f"Skill name '{name}' is not ASCII: several agent tools, Claude.ai and "
                      "the .well-known index accept only a-z, 0-9 and '-'",
                      skill.line_of("name"))


@skill_rule("SC111", E, "description-missing", source="spec",
            fix="Add `description:` saying what the skill does and when to use it: it is all "
                "an agent sees of the skill when it chooses one, and skills-ref refuses a skill "
                "without one.")
def description_missing(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The frontmatter has no description."""
    if "description" not in skill.frontmatter:
        yield Finding("Missing required field in frontmatter: description. Fix: add "
                      "'description: <what it does>. Use when <situation>.'", 1)


@skill_rule("SC112", E, "description-not-string", source="spec",
            fix="Give a non-empty string, quoted if YAML would read it as another type (a "
                "number, a date, true or null): agents show the description as text.")
def description_not_string(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The description is not a string, or is empty."""
    value = skill.frontmatter.get("description", "missing")
    if not isinstance(value, str) or not value.strip():
        yield Finding("Field 'description' must be a non-empty string",
                      skill.line_of("description"))


@skill_rule("SC113", E, "description-too-long", source="spec",
            fix=f"Shorten the description to {MAX_DESCRIPTION} characters and move details "
                "into the body: agents put every skill's description in their prompt, and the "
                "spec limits it.")
def description_too_long(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The description is longer than 1024 characters (counted before stripping, as skills-ref
    counts)."""
    value = skill.frontmatter.get("description")
    if isinstance(value, str) and value.strip() and len(value) > MAX_DESCRIPTION:
        yield Finding(f"Description exceeds {MAX_DESCRIPTION} character limit ({len(value)} "
                      "chars)", skill.line_of("description"))


@skill_rule("SC114", E, "compatibility-not-string", source="spec",
            fix="Write compatibility as one string, e.g. `compatibility: Requires git and jq`: "
                "the spec's type, which skills-ref checks.")
def compatibility_not_string(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The compatibility value is not a string."""
    if "compatibility" in skill.frontmatter and not isinstance(
            skill.frontmatter["compatibility"], str):
        yield Finding("Field 'compatibility' must be a string", skill.line_of("compatibility"))


@skill_rule("SC115", E, "compatibility-too-long", source="spec",
            fix=f"Shorten compatibility to {MAX_COMPATIBILITY} characters (the spec's limit): "
                "say what the skill needs, and leave the details to the body.")
def compatibility_too_long(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """The compatibility string is longer than 500 characters."""
    value = skill.frontmatter.get("compatibility")
    if isinstance(value, str) and len(value) > MAX_COMPATIBILITY:
        yield Finding(f"Compatibility exceeds {MAX_COMPATIBILITY} character limit ({len(value)}"
                      " chars)", skill.line_of("compatibility"))


@skill_rule("SC116", E, "metadata-not-mapping", source="spec",
            fix="Write metadata as a map: `metadata:` then indented `key: \"value\"` lines "
                "(the spec's type, which skills-ref checks).")
def metadata_not_mapping(skill: Skill, ctx: RuleContext) -> Iterator[Finding]:
    """``metadata`` is not a mapping (the spec: a map from string keys to string values)."""
    value = skill.frontmatter.get("metadata")
    if "metadata" in skill.frontmatter and value is not None and not isinstance(value, dict):
        yield Finding(f"Field 'metadata' must be a mapping of string keys to string values, "
                      f"not {_kind(value)}", skill.line_of("metadata"))
