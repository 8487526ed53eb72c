"""Claude Code, as observed by running ``@anthropic-ai/claude-code`` 2.1.332 against a model stub.

Reading (no skill is ever refused):

- a byte order mark is dropped; the frontmatter is the lines between a first line ``---`` and
  the next line starting with ``---`` (CRLF or LF);
- YAML that does not parse is read again with every ``key: value`` line whose value holds
  ``": "`` or starts with a YAML indicator quoted (an unquoted colon passes); if that fails too
  the skill has no frontmatter. A repeated key keeps its last value;
- values follow YAML 1.2 (``yes`` is text) and JavaScript's ``String()``: ``12``, ``3.1``;
- the description is ``description`` (a string, number or boolean, not empty) followed by
  `` - `` and ``when_to_use`` when given; without one, the first non-empty line of the body
  (heading marks dropped), else ``Skill``. Runs of control characters and line breaks become
  one space, the ends are trimmed, more than 1,536 UTF-16 units keep 1,535 and ``…``, then
  ``<`` and ``>`` are escaped (``&`` is not);
- the skill is known by its folder; a ``name`` that differs is shown as ``folder (name)`` when it
  is letters, digits, ``_``, ``.``, ``:`` and ``-`` only;
- ``disable-model-invocation`` true, yes, on or 1 (any case) keeps it out of the listing.

Listing: "The following skills are available for use with the Skill tool:", a blank line, then
``- label: description`` per skill: personal skills, then each project folder from the cwd up
to the git root, each sorted by folder as ``localeCompare`` sorts, then the skills Claude Code
ships. Budget: 30,000 characters with the default model (``floor(context tokens x 4 x 1%)``
for a given context window, ``SLASH_COMMAND_TOOL_CHAR_BUDGET`` when set). Claude Code's own
skills take 6,074 of it first; then, in listing order, each skill keeps its description while
it fits and is listed by name only once it does not. Every name is listed, whatever the room.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from pathlib import Path

from skill_catalog.observed.common import read_text
from skill_catalog.observed.model import Cuts, Item, Line, ObservedTool, Reading, Seen, Setting
from skill_catalog.observed.runtime_text import collation_key, utf16_len, utf16_prefix
from skill_catalog.observed.yaml_values import (
    BadYaml,
    Collection,
    Value,
    core,
    js_string,
    mapping,
    repair_js,
)

PACKAGE = "@anthropic-ai/claude-code"
VERSION = "2.1.332"
HEADER = "The following skills are available for use with the Skill tool:"
DESCRIPTION_CAP = 1536
"""UTF-16 units of a description Claude Code lists; a longer one keeps one less and ``…``."""
ELLIPSIS = "…"
DEFAULT_BUDGET = 30_000
"""Characters, with Claude Code 2.1.332's default model (claude-opus-5-5)."""
CONTEXT_SHARE = 0.01
BUILTIN_RESERVE = 6_074
"""Characters Claude Code 2.1.332's own skills take of the budget before any other skill."""
BUILTIN = ("dataviz", "update-config", "keybindings-help", "code-review", "simplify",
           "fewer-permission-prompts", "loop", "claude-api", "workflow-authoring", "run",
           "plugin-authoring", "init", "security-review")
BUDGET_ENV = "SLASH_COMMAND_TOOL_CHAR_BUDGET"
OVERFLOW = ("Claude Code lists every name anyway: skills whose description does not fit are "
            "listed as a bare '- name', and the listing runs over its budget")

_NAME_SHOWN = re.compile(r"^[\w.:-]+$")
_RUNS = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]+")
_HEADING = re.compile(r"^#+\s*")
_TRUE = frozenset({"true", "yes", "on", "1"})


def _split(text: str) -> tuple[str | None, str]:
    """(frontmatter, body); the frontmatter is None when the file has none."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines[0].rstrip("\r").rstrip(" \t") != "---":
        return None, text
    for index in range(1, len(lines)):
        if lines[index].startswith("---"):
            return "\n".join(lines[1:index]), "\n".join(lines[index + 1:])
    return None, text


def _fields(frontmatter: str) -> dict[str, Value]:
    for attempt in (frontmatter, repair_js(frontmatter)):
        try:
            return mapping(attempt, unique_keys=False, keep_controls=True) or {}
        except BadYaml:
            continue
    return {}


def _text(value: Value | None) -> str | None:
    """A string, number or boolean value as text; None for anything else or nothing."""
    if value is None:
        return None
    resolved = core(value)
    if resolved is None or isinstance(resolved, Collection):
        return None
    return js_string(resolved)


def _clean(text: str) -> str:
    return _RUNS.sub(" ", text).strip()


def _first_line(body: str) -> str:
    for line in body.split("\n"):
        line = line.strip()
        if line:
            return _HEADING.sub("", line)
    return "Skill"


def _cap(text: str) -> str:
    if utf16_len(text) <= DESCRIPTION_CAP:
        return text
    return utf16_prefix(text, DESCRIPTION_CAP - 1) + ELLIPSIS


def read(skill_md: Path) -> Reading:
    folder = skill_md.parent.name
    text = read_text(skill_md)
    if text is None:
        return Reading(folder, problem="cannot be read")
    frontmatter, body = _split(text)
    fields = _fields(frontmatter) if frontmatter is not None else {}
    name = fields.get("name")
    name_text = js_string(core(name)) if name is not None and core(name) is not None else ""
    label = folder
    if name_text and name_text != folder and _NAME_SHOWN.match(name_text):
        label = f"{folder} ({name_text})"
    description = _clean(_text(fields.get("description")) or "")
    if not description:
        description = _clean(_first_line(body))
    when = _text(fields.get("when_to_use"))
    if when:  # appended as written: only its line breaks become spaces (not trimmed)
        description = f"{description} - {_RUNS.sub(' ', when)}"
    description = _cap(description).replace("<", "&lt;").replace(">", "&gt;")
    hidden = _text(fields.get("disable-model-invocation"))
    unlisted = ("disable-model-invocation: Claude Code loads it for /commands but keeps it out "
                "of the model's listing") if hidden and hidden.lower() in _TRUE else None
    return Reading(folder, description, label, None, unlisted)


def budget_chars(setting: Setting) -> tuple[int, str]:
    """The listing's room in characters, and where it comes from."""
    given = setting.env.get(BUDGET_ENV, "").strip()
    if given.isdigit() and int(given) > 0:
        return int(given), f"{BUDGET_ENV}={given}"
    if setting.context_tokens is not None:
        chars = math.floor(setting.context_tokens * 4 * CONTEXT_SHARE)
        return chars, (f"1% of a {setting.context_tokens:,}-token context window, at 4 "
                       "characters a token")
    return DEFAULT_BUDGET, f"Claude Code {VERSION}'s default model"


def render(items: Sequence[Item], setting: Setting) -> Seen:
    listed = [i for i in items if i.reading.unlisted is None]
    unlisted = tuple((i.reading.shown, i.reading.unlisted or "") for i in items
                     if i.reading.unlisted is not None)
    limit, why = budget_chars(setting)
    bare = [f"- {i.reading.shown}" for i in listed]
    full = [f": {i.reading.description}" for i in listed]
    used = BUILTIN_RESERVE + sum(utf16_len(b) + 1 for b in bare)
    before = used + sum(utf16_len(f) for f in full)
    lines: list[Line] = []
    dropped: list[str] = []
    for item, name_part, description_part in zip(listed, bare, full, strict=True):
        cost = utf16_len(description_part)
        if used + cost <= limit:
            used += cost
            lines.append(Line(item.reading.shown, item.skill_md, name_part + description_part,
                              description=item.reading.description))
        else:
            dropped.append(item.reading.shown)
            lines.append(Line(item.reading.shown, item.skill_md, name_part, "dropped"))
    cuts = Cuts(limit, "characters", f"{why}; Claude Code's own skills take "
                f"{BUILTIN_RESERVE:,} first", before, used, dropped=tuple(dropped),
                over_budget=used > limit, overflow=OVERFLOW)
    text = "\n".join([HEADER, "", *(line.text for line in lines)]) + "\n" if lines else ""
    return Seen(text, tuple(lines), cuts, BUILTIN, unlisted)


def order(skill_md: Path) -> tuple[tuple[int, ...], ...]:
    return collation_key(skill_md.parent.name)


TOOL = ObservedTool("claude-code", read, render,
                    "nothing (YAML read leniently; `disable-model-invocation` only unlists)",
                    order=order)
