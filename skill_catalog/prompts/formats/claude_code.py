"""``claude-code``: Claude Code's per-turn listing, a ``<system-reminder>`` attachment::

    <system-reminder>
    The following skills are available for use with the Skill tool:

    - pdf-processing: Extract PDF text ... Use when handling PDFs.
    - other-skill
    </system-reminder>

Claude Code has a ``Skill`` tool, so the listing carries no location. A bare ``- name`` is an
entry whose description its budget dropped. Values are plain text: newlines become spaces (a
description cannot start a new entry) and a ``<system-reminder>`` tag inside a value is made
inert, so nothing can close the attachment early.
"""

from __future__ import annotations

from skill_catalog.observed import claude_code
from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.sanitize import defuse, one_line

WRAPPER = "system-reminder"
PREAMBLE = claude_code.HEADER


def entry(item: Entry) -> str:
    name = one_line(item.name)
    text = f"- {name}: {one_line(item.description)}" if item.description is not None \
        else f"- {name}"
    return defuse(text, (WRAPPER,))


def render(listing: Listing) -> str:
    lines = [f"<{WRAPPER}>", PREAMBLE, "", *(entry(e) for e in listing.entries)]
    if listing.overflow:
        lines += ["", defuse(one_line(listing.overflow), (WRAPPER,))]
    lines.append(f"</{WRAPPER}>")
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="claude-code",
    title="Claude Code",
    summary="Claude Code's '- name: description' listing inside its <system-reminder> preamble",
    render=render,
    entry=entry,
    uses_location=False,
)
