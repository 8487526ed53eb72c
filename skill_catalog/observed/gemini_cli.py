"""Gemini CLI, as observed by running ``@google/gemini-cli`` 0.61.0 against a model stub (and
read in its ``skillLoader.ts`` / ``skillManager.ts``).

Reading: the frontmatter must match ``^---\\r?\\n([\\s\\S]*?)\\r?\\n---`` (a byte order mark
means none: not loaded). When js-yaml gives a ``name`` and a ``description`` that are both
strings they are used as they are (newlines kept, not trimmed, an empty description allowed);
otherwise a line reader takes the last ``name:`` line and the last ``description:`` line (its
indented continuation lines joined with spaces), and without both the skill is not loaded.
``:\\/<>*?"|`` in a name become ``-``. Nothing is escaped.

Walk: ``SKILL.md`` in the folder and ``*/SKILL.md`` one level down (hidden folders skipped),
the folder's matches in reverse name order, as node-glob returns them in most runs (its walk is
asynchronous: under load some skills of a folder come in another order). Later folders
override earlier ones (user ``.gemini``, user ``.agents``, then the workspace's), and a skill
keeps the place of the first one of its name. The listing is the ``# Available Agent Skills``
section of the system prompt.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from skill_catalog.observed.common import read_text
from skill_catalog.observed.model import Cuts, Item, Line, ObservedTool, Reading, Seen, Setting
from skill_catalog.observed.yaml_values import BadYaml, Collection, core, mapping

PACKAGE = "@google/gemini-cli"
VERSION = "0.61.0"
_FRONTMATTER = re.compile(r"---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?")
_NAME_LINE = re.compile(r"^\s*name:\s*(.*)$")
_DESCRIPTION_LINE = re.compile(r"^\s*description:\s*(.*)$")
_CONTINUED = re.compile(r"^[ \t]+\S")
_UNSAFE = re.compile(r'[:\\/<>*?"|]')
_LINE_BREAK = re.compile(r"\r?\n")
BUILTIN = ("skill-creator", "antigravity-support")
HEADER = ("# Available Agent Skills\n\nYou have access to the following specialized skills. To "
          "activate a skill and receive its detailed instructions, call the `activate_skill` "
          "tool with the skill's name.")


def _simple(frontmatter: str) -> tuple[str, str] | None:
    lines = _LINE_BREAK.split(frontmatter)
    name: str | None = None
    description: str | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        found = _NAME_LINE.match(line)
        if found:
            name = found.group(1).strip()
            index += 1
            continue
        found = _DESCRIPTION_LINE.match(line)
        if found:
            parts = [found.group(1).strip()]
            while index + 1 < len(lines) and _CONTINUED.match(lines[index + 1]):
                parts.append(lines[index + 1].strip())
                index += 1
            description = " ".join(p for p in parts if p)
        index += 1
    if name is None or description is None:
        return None
    return name, description


def _strict(frontmatter: str) -> tuple[str, str] | None:
    try:  # js-yaml ends its input with a line break, so a final block scalar keeps one
        fields = mapping(frontmatter + "\n", unique_keys=True)
    except BadYaml:
        return None
    if not fields:
        return None
    name, description = fields.get("name"), fields.get("description")
    if name is None or description is None:
        return None
    values = core(name), core(description)
    if not all(isinstance(v, str) and not isinstance(v, Collection) for v in values):
        return None
    if any(_looks_like_date(v) for v in (name, description)
           if not isinstance(v, Collection) and v.style is None):
        return None
    return str(values[0]), str(values[1])


_DATE = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}(?:[Tt ].*)?$")


def _looks_like_date(value: object) -> bool:
    """js-yaml reads an unquoted date as a Date, not a string."""
    text = getattr(value, "text", "")
    return bool(_DATE.match(text))


def read(skill_md: Path) -> Reading:
    folder = skill_md.parent.name
    text = read_text(skill_md)
    if text is None:
        return Reading(folder, problem="cannot be read")
    match = _FRONTMATTER.match(text)
    if match is None:
        why = "starts with a byte order mark, so it" if text.startswith("\ufeff") else "it"
        return Reading(folder, problem=f"{why} has no frontmatter matching ^---\\n...\\n---")
    found = _strict(match.group(1)) or _simple(match.group(1))
    if found is None:
        return Reading(folder, problem="no 'name' and 'description' in the frontmatter")
    name, description = found
    return Reading(_UNSAFE.sub("-", name), description)


def walk(root: Path, follow: bool) -> list[Path]:
    """``SKILL.md`` and ``*/SKILL.md`` in ``root`` as node-glob returns them."""
    found: list[Path] = []
    if os.path.isfile(root / "SKILL.md"):
        found.append(root / "SKILL.md")
    try:
        names = sorted((e.name for e in os.scandir(root) if not e.name.startswith(".")),
                       reverse=True)
    except OSError:
        return found
    for name in names:
        if name in ("node_modules", ".git"):
            continue
        candidate = root / name / "SKILL.md"
        if os.path.isdir(root / name) and os.path.isfile(candidate):
            found.append(candidate)
    return found


def render(items: Sequence[Item], setting: Setting) -> Seen:
    lines = tuple(Line(i.reading.name, i.skill_md,
                       f"  <skill>\n    <name>{i.reading.name}</name>\n    <description>"
                       f"{i.reading.description}</description>\n    <location>{i.skill_md}"
                       "</location>\n  </skill>", description=i.reading.description)
                  for i in items)
    size = sum(len(line.text) + 1 for line in lines)
    cuts = Cuts(None, "characters", "no limit", size, size)
    if not lines:
        return Seen("", (), cuts, BUILTIN)
    text = "\n".join([HEADER, "", "<available_skills>", *(line.text for line in lines),
                      "</available_skills>"]) + "\n"
    return Seen(text, lines, cuts, BUILTIN)


TOOL = ObservedTool("gemini-cli", read, render,
                    "no `^---` frontmatter (a byte order mark hides it), no `name` and "
                    "`description` even by lines", walk=walk)
