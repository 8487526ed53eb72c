"""OpenCode, as observed by running ``opencode-ai`` 1.18.33 against a model stub (and read in
its ``skill/index.ts`` and ``config/markdown.ts``).

Reading: gray-matter drops a byte order mark and reads the ``---`` frontmatter with js-yaml;
when that fails, each top-level ``key: value`` whose plain value holds a colon becomes a ``|-``
block and the YAML is read again. ``name`` and ``description`` must both be strings (an empty
description passes; a number, a date or nothing does not). Values are listed as they are:
nothing is trimmed or escaped but the location. ``disable-model-invocation`` is ignored.

Listing: two sentences, then ``<available_skills>`` sorted by name as ``localeCompare`` sorts,
one ``<skill>`` per skill with its SKILL.md path, OpenCode's own ``customize-opencode``
(location ``<built-in>``) among them. No budget. Of two skills with one name the one loaded last
wins; OpenCode loads skills concurrently, so which copy wins varies from run to run.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

from skill_catalog.observed.common import read_text
from skill_catalog.observed.model import Cuts, Item, Line, ObservedTool, Reading, Seen, Setting
from skill_catalog.observed.runtime_text import collation_key
from skill_catalog.observed.yaml_values import BadYaml, Collection, Value, core, mapping

PACKAGE = "opencode-ai"
VERSION = "1.18.33"
HEADER = ("Skills provide specialized instructions and workflows for specific tasks.\n"
          "Use the skill tool to load a skill when a task matches its description.")
BUILTIN = ("customize-opencode",)
_FRONTMATTER = re.compile(r"---\r?\n([\s\S]*?)\r?\n---")
_KEY_LINE = re.compile(r"^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$")
_DATE = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}(?:[Tt ].*)?$")


def _sanitized(frontmatter: str) -> str:
    """OpenCode's ``fallbackSanitization``: a plain value holding ``:`` becomes a block."""
    out: list[str] = []
    for line in re.split(r"\r?\n", frontmatter):
        match = _KEY_LINE.match(line)
        stripped = line.strip()
        if (not stripped or stripped.startswith("#") or re.match(r"^\s+", line)
                or match is None):
            out.append(line)
            continue
        value = match.group(2).strip()
        if value in ("", ">", "|") or value.startswith(('"', "'")) or ":" not in value:
            out.append(line)
            continue
        out += [f"{match.group(1)}: |-", f"  {value}"]
    return "\n".join(out)


def _string(value: Value | None) -> str | None:
    if value is None or isinstance(value, Collection):
        return None
    if value.style is None and _DATE.match(value.text):
        return None  # js-yaml reads an unquoted date as a Date
    resolved = core(value)
    return resolved if isinstance(resolved, str) else None


def read(skill_md: Path) -> Reading:
    folder = skill_md.parent.name
    text = read_text(skill_md)
    if text is None:
        return Reading(folder, problem="cannot be read")
    text = text.removeprefix("\ufeff")
    match = _FRONTMATTER.match(text)
    if match is None:
        return Reading(folder, problem="no 'name' and 'description' (no frontmatter)")
    fields = None
    for attempt in (match.group(1), _sanitized(match.group(1))):
        try:
            fields = mapping(attempt + "\n", unique_keys=True) or {}
            break
        except BadYaml:
            continue
    if fields is None:
        return Reading(folder, problem="the frontmatter does not parse, even sanitized")
    name, description = _string(fields.get("name")), _string(fields.get("description"))
    if name is None or description is None:
        return Reading(folder, problem="'name' and 'description' must both be strings")
    return Reading(name, description)


def render(items: Sequence[Item], setting: Setting) -> Seen:
    ordered = sorted(items, key=lambda i: collation_key(i.reading.name))
    lines = tuple(Line(i.reading.name, i.skill_md,
                       f"  <skill>\n    <name>{i.reading.name}</name>\n    <description>"
                       f"{i.reading.description}</description>\n    <location>"
                       f"{html.escape(str(i.skill_md))}</location>\n  </skill>",
                       description=i.reading.description) for i in ordered)
    size = sum(len(line.text) + 1 for line in lines)
    cuts = Cuts(None, "characters", "no limit", size, size)
    if not lines:
        return Seen("", (), cuts, BUILTIN)
    text = "\n".join([HEADER, "<available_skills>", *(line.text for line in lines),
                      "</available_skills>"]) + "\n"
    return Seen(text, lines, cuts, BUILTIN)


TOOL = ObservedTool("opencode", read, render,
                    "no frontmatter, YAML unreadable even sanitized, `name` or `description` "
                    "not a string")
