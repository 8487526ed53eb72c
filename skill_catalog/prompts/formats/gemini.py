"""``gemini``: Gemini CLI's system-prompt section: a Markdown heading, one sentence pointing at
the ``activate_skill`` tool, then the indented ``<available_skills>`` block (escaped here,
although Gemini CLI itself does not escape)."""

from __future__ import annotations

from skill_catalog.observed import gemini_cli
from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.formats.available_skills import available_skills, skill_block

HEADING = gemini_cli.HEADER


def render(listing: Listing) -> str:
    return f"{HEADING}\n\n{available_skills(listing.entries, listing.overflow)}\n"


FORMAT = Format(
    name="gemini",
    title="Gemini CLI",
    summary="Gemini CLI's '# Available Agent Skills' section with its <available_skills> block",
    render=render,
    entry=skill_block,
    xml_root="available_skills",
)
