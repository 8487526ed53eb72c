"""The table of prompt formats: one module each, one entry here."""

from __future__ import annotations

from skill_catalog.prompts.format import Format
from skill_catalog.prompts.formats import (
    claude_code,
    codex,
    copilot,
    crush,
    gemini,
    json_list,
    markdown,
    opencode,
    skills_ref,
    xml,
)

FORMATS: dict[str, Format] = {
    module.FORMAT.name: module.FORMAT
    for module in (xml, skills_ref, crush, claude_code, codex, copilot, gemini, opencode,
                   markdown, json_list)
}
"""Every format by name, in the order the documentation lists them."""

__all__ = ["FORMATS"]
