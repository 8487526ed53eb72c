"""``skills-ref``: byte for byte the layout of ``skills_ref.prompt.to_prompt`` (skills-ref 0.1.1,
``agentskills to-prompt``): each tag and each value on its own line, no indentation, values
``html.escape``'d.

One deliberate difference: skills-ref writes ``<location>`` unescaped (a folder named ``a&b<c>``
breaks the XML); here it is escaped like the other values. Like ``agentskills to-prompt``, the
output ends with one newline.
"""

from __future__ import annotations

from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.sanitize import html_escape


def entry(item: Entry) -> str:
    lines = ["<skill>", "<name>", html_escape(item.name), "</name>"]
    if item.description is not None:
        lines += ["<description>", html_escape(item.description), "</description>"]
    if item.location is not None:
        lines += ["<location>", html_escape(item.location), "</location>"]
    lines.append("</skill>")
    return "\n".join(lines)


def render(listing: Listing) -> str:
    parts = ["<available_skills>", *(entry(e) for e in listing.entries)]
    if listing.overflow:
        parts.append(html_escape(listing.overflow))
    parts.append("</available_skills>")
    return "\n".join(parts) + "\n"


FORMAT = Format(
    name="skills-ref",
    title="skills-ref 0.1.1 (agentskills to-prompt)",
    summary="skills-ref's to-prompt layout, byte for byte (location escaped too)",
    render=render,
    entry=entry,
    xml_root="available_skills",
)
