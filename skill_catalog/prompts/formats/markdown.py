"""``markdown``: a bullet list, ``- name: description`` (as agent-core builds its skill tool's
description). Newlines in a value become spaces, so a description cannot start a new item."""

from __future__ import annotations

from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.sanitize import one_line


def entry(item: Entry) -> str:
    name = one_line(item.name)
    if item.description is None:
        return f"- {name}"
    return f"- {name}: {one_line(item.description)}"


def render(listing: Listing) -> str:
    lines = [entry(e) for e in listing.entries]
    if listing.overflow:
        lines += ["", one_line(listing.overflow)]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="markdown",
    title="Markdown bullet list",
    summary="a Markdown bullet list, '- name: description'",
    render=render,
    entry=entry,
    uses_location=False,
)
