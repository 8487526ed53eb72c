"""The frontmatter problems that make an agent tool skip a skill, one named check each.

Profiles list the checks their tool applies by key (``rejects=("yaml", "description")``); each
check reads a parsed :class:`~skill_catalog.model.Skill` and returns what is wrong in a few
words, or None. The wording goes into reports as "rejected: <problem> (<Tool> does not load it)".
"""

from __future__ import annotations

import dataclasses as dc
import re
from collections.abc import Callable

from skill_catalog.authoring.naming import RESERVED_WORDS
from skill_catalog.model import Skill
from skill_catalog.spec.limits import MAX_COMPATIBILITY, MAX_DESCRIPTION, MAX_NAME, NAME_PATTERN

_YAML_CODES = frozenset({"SC022", "SC023", "SC025"})
_MIXED_CASE_NAME = re.compile(NAME_PATTERN.pattern, re.IGNORECASE | re.ASCII)


@dc.dataclass(slots=True, frozen=True)
class Check:
    key: str
    summary: str
    """What the check demands, for docs/agents.md."""
    problem: Callable[[Skill], str | None]


def _first_error_line(skill: Skill, codes: frozenset[str] | None) -> str:
    for diagnostic in skill.errors:
        if codes is None or diagnostic.code in codes:
            return f" (line {diagnostic.line})" if diagnostic.line else ""
    return ""


def _no_frontmatter(skill: Skill) -> str | None:
    if skill.parsed or any(d.code in _YAML_CODES for d in skill.errors):
        return None
    return "no frontmatter (SKILL.md must start with a --- fenced YAML block)"


def _bad_yaml(skill: Skill) -> str | None:
    if skill.parsed or not any(d.code in _YAML_CODES for d in skill.errors):
        return None
    return "frontmatter is not a valid YAML mapping" + _first_error_line(skill, _YAML_CODES)


def _crlf(skill: Skill) -> str | None:
    if skill.source.crlf or skill.source.lone_cr:
        return "CRLF line endings: the tool's frontmatter pattern wants '---\\n'"
    return None


def _bom(skill: Skill) -> str | None:
    if skill.source.bom:
        return "starts with a byte order mark, so the tool finds no frontmatter"
    return None


def _raw_name(skill: Skill) -> str | None:
    return skill.name if skill.parsed else None


def _name(skill: Skill) -> str | None:
    return None if _raw_name(skill) else "no 'name' string in the frontmatter"


def _description(skill: Skill) -> str | None:
    if not skill.parsed or skill.description:
        return None
    return "no 'description' string in the frontmatter"


def _pattern(regex: re.Pattern[str], wording: str) -> Callable[[Skill], str | None]:
    def problem(skill: Skill) -> str | None:
        name = _raw_name(skill)
        if name is None:
            return None
        if len(name) > MAX_NAME:
            return f"name is longer than {MAX_NAME} characters"
        return None if regex.fullmatch(name) else f"name {name!r} is not {wording}"
    return problem


def _name_length(skill: Skill) -> str | None:
    name = _raw_name(skill) or skill.dir.name
    return f"name is longer than {MAX_NAME} characters" if len(name) > MAX_NAME else None


def _folder_match(casefold: bool) -> Callable[[Skill], str | None]:
    def problem(skill: Skill) -> str | None:
        name, folder = _raw_name(skill), skill.dir.name
        if name is None:
            return None
        same = name.casefold() == folder.casefold() if casefold else name == folder
        return None if same else f"name {name!r} does not match folder {folder!r}"
    return problem


def _no_slash(skill: Skill) -> str | None:
    name = _raw_name(skill)
    return f"name {name!r} contains '/'" if name and "/" in name else None


def _description_length(skill: Skill) -> str | None:
    description = skill.description if skill.parsed else None
    if description and len(description) > MAX_DESCRIPTION:
        return f"description is longer than {MAX_DESCRIPTION} characters"
    return None


def _compatibility_length(skill: Skill) -> str | None:
    value = skill.frontmatter.get("compatibility") if skill.parsed else None
    if isinstance(value, str) and len(value) > MAX_COMPATIBILITY:
        return f"compatibility is longer than {MAX_COMPATIBILITY} characters"
    return None


def _metadata_strings(skill: Skill) -> str | None:
    """A Go ``map[string]string`` (yaml.v3) takes any scalar as text; a list or a mapping
    fails the whole frontmatter."""
    metadata = skill.frontmatter.get("metadata") if skill.parsed else None
    if metadata is None:
        return None
    if not isinstance(metadata, dict):
        return "metadata is not a mapping"
    for key, value in metadata.items():
        if isinstance(value, list | dict):
            kind = "a list" if isinstance(value, list) else "a mapping"
            return f"metadata.{key} is {kind}, not text"
    return None


def _reserved_word(skill: Skill) -> str | None:
    name = (_raw_name(skill) or "").lower()
    word = next((w for w in RESERVED_WORDS if w in name), None)
    return f"the name contains the reserved word '{word}'" if word else None


def _angle_brackets(skill: Skill) -> str | None:
    description = skill.description if skill.parsed else None
    if description and ("<" in description or ">" in description):
        return "the description holds '<' or '>'"
    return None


CHECKS: dict[str, Check] = {c.key: c for c in (
    Check("frontmatter", "SKILL.md starts with a closed `---` YAML block", _no_frontmatter),
    Check("yaml", "the frontmatter parses as a YAML mapping", _bad_yaml),
    Check("lf-fence", "the opening `---` is followed by LF (a CRLF file finds no frontmatter)",
          _crlf),
    Check("no-bom", "no byte order mark before the opening `---`", _bom),
    Check("name", "`name` is a non-empty string", _name),
    Check("description", "`description` is a non-empty string", _description),
    Check("name-pattern", f"`name` is lowercase letters, digits and single hyphens, at most "
          f"{MAX_NAME}", _pattern(NAME_PATTERN, "lowercase letters, digits and single hyphens")),
    Check("name-pattern-any-case", f"`name` is letters, digits and single hyphens, at most "
          f"{MAX_NAME}",
          _pattern(_MIXED_CASE_NAME, "letters, digits and single hyphens")),
    Check("name-length", f"the name (or the folder name standing in for it) is at most {MAX_NAME}",
          _name_length),
    Check("name-is-folder", "`name` equals the folder name", _folder_match(casefold=False)),
    Check("name-is-folder-any-case", "`name` equals the folder name, ignoring case",
          _folder_match(casefold=True)),
    Check("name-no-slash", "`name` holds no `/`", _no_slash),
    Check("description-length", f"`description` is at most {MAX_DESCRIPTION:,} characters",
          _description_length),
    Check("compatibility-length", f"`compatibility` is at most {MAX_COMPATIBILITY:,} characters",
          _compatibility_length),
    Check("metadata-strings", "every `metadata` value is text, a number or a boolean (not a "
          "list or a mapping)", _metadata_strings),
    Check("name-no-reserved-word", "`name` holds neither 'anthropic' nor 'claude'",
          _reserved_word),
    Check("description-no-angle-brackets", "`description` holds no '<' or '>'", _angle_brackets),
)}

CLAUDE_AI_UPLOAD = ("frontmatter", "yaml", "name", "name-pattern", "name-is-folder",
                    "name-no-reserved-word", "description", "description-length",
                    "description-no-angle-brackets")
"""What Claude.ai's "Upload skill" (and Anthropic's ``quick_validate.py``) demands of the
zip's skill: the checks behind SC104-SC110, SC212 and SC213."""


def rejection(skill: Skill, keys: tuple[str, ...],
              found: dict[str, str | None] | None = None) -> str | None:
    """The first problem among the checks ``keys`` that ``skill`` has, or None.

    :param found: the answers of checks already run on ``skill`` (by key), which this call
        adds to: tools share most of their checks, and each is then run once per skill.
    """
    answers = {} if found is None else found
    for key in keys:
        if key not in answers:
            answers[key] = CHECKS[key].problem(skill)
        problem = answers[key]
        if problem is not None:
            return problem
    return None
