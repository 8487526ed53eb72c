"""The indented ``<available_skills>`` block that the spec's client guide recommends and that
Crush, Gemini CLI and OpenCode render (each with its own escaping and surroundings)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.sanitize import xml_text

Escape = Callable[[str], str]


def skill_block(entry: Entry, escape: Escape = xml_text) -> str:
    """``  <skill>`` with one line per element, indented by two spaces a level."""
    lines = ["  <skill>", f"    <name>{escape(entry.name)}</name>"]
    if entry.description is not None:
        lines.append(f"    <description>{escape(entry.description)}</description>")
    if entry.location is not None:
        lines.append(f"    <location>{escape(entry.location)}</location>")
    lines.append("  </skill>")
    return "\n".join(lines)


def available_skills(entries: Sequence[Entry], overflow: str | None = None,
                     escape: Escape = xml_text) -> str:
    """The whole block, without a trailing newline."""
    parts = ["<available_skills>", *(skill_block(e, escape) for e in entries)]
    if overflow:
        parts.append(f"  {escape(overflow)}")
    parts.append("</available_skills>")
    return "\n".join(parts)
