"""``copilot``: GitHub Copilot's ``<skills>`` block (VS Code agent mode)::

    <skills>
    Here is a list of skills that contain domain specific knowledge on a variety of topics.
    ...
    <skill>
    <name>pdf-processing</name>
    <description>...</description>
    <file>/abs/pdf-processing/SKILL.md</file>
    </skill>
    Additional skills available (invoke by name): a, b... and 3 more
    </skills>

The last line appears only when Copilot's budget left skills out (facts:
:mod:`skill_catalog.observed.copilot`).
"""

from __future__ import annotations

from skill_catalog.observed import copilot
from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.sanitize import xml_text


def entry(item: Entry) -> str:
    lines = ["<skill>", f"<name>{xml_text(item.name)}</name>"]
    if item.description is not None:
        lines.append(f"<description>{xml_text(item.description)}</description>")
    if item.location is not None:
        lines.append(f"<file>{xml_text(item.location)}</file>")
    lines.append("</skill>")
    return "\n".join(lines)


def render(listing: Listing) -> str:
    lines = ["<skills>", copilot.PREAMBLE, *(entry(e) for e in listing.entries)]
    if listing.overflow:
        lines.append(xml_text(listing.overflow))
    lines.append("</skills>")
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="copilot",
    title=copilot.TITLE,
    summary="Copilot's <skills> block with <name>, <description> and <file>",
    render=render,
    entry=entry,
    xml_root="skills",
)
