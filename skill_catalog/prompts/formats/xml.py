"""``xml``: the catalog the spec's client-implementation guide recommends.

::

    <available_skills>
      <skill>
        <name>pdf-processing</name>
        <description>Extract PDF text ... Use when handling PDFs.</description>
        <location>/home/user/.agents/skills/pdf-processing/SKILL.md</location>
      </skill>
    </available_skills>
"""

from __future__ import annotations

from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.formats.available_skills import available_skills, skill_block


def render(listing: Listing) -> str:
    return available_skills(listing.entries, listing.overflow) + "\n"


FORMAT = Format(
    name="xml",
    title="Agent Skills client guide",
    summary="the spec's recommended <available_skills> XML, indented, one line per element",
    render=render,
    entry=skill_block,
    xml_root="available_skills",
)
