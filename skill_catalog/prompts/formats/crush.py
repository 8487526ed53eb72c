"""``crush``: Crush's system-prompt block: ``<available_skills>`` with two-space indented
``<skill>`` elements (values escaped ``& < > " '``), then a ``<skills_usage>`` block telling the
model to read the SKILL.md at ``<location>`` before acting."""

from __future__ import annotations

from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.formats.available_skills import available_skills, skill_block
from skill_catalog.prompts.sanitize import xml_all

USAGE = (
    "A skill's `<description>` says when the skill applies; its steps, scripts and "
    "references are in its SKILL.md.\n"
    "When the task matches a skill, first read the SKILL.md at its `<location>` exactly as "
    "shown, then follow its instructions.\n"
    "Files a skill mentions (scripts/, references/, assets/) are in the folder of its SKILL.md."
)


def entry(item: Entry) -> str:
    return skill_block(item, xml_all)


def render(listing: Listing) -> str:
    block = available_skills(listing.entries, listing.overflow, xml_all)
    return f"{block}\n\n<skills_usage>\n{USAGE}\n</skills_usage>\n"


FORMAT = Format(
    name="crush",
    title="Crush",
    summary="Crush's <available_skills> block followed by a <skills_usage> block",
    render=render,
    entry=entry,
    xml_root="available_skills",
)
