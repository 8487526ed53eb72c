"""``opencode``: OpenCode's verbose listing (the skill tool's description): the indented
``<available_skills>`` block, sorted by name, location a plain path (escaped, as the newest
OpenCode does)."""

from __future__ import annotations

from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.formats.available_skills import available_skills, skill_block


def render(listing: Listing) -> str:
    entries = sorted(listing.entries, key=lambda e: e.name)
    return available_skills(entries, listing.overflow) + "\n"


FORMAT = Format(
    name="opencode",
    title="OpenCode",
    summary="OpenCode's <available_skills> block, sorted by name",
    render=render,
    entry=skill_block,
    xml_root="available_skills",
)
