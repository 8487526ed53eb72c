"""``codex``: OpenAI Codex CLI's ``## Skills`` section, inside ``<skills_instructions>``::

    <skills_instructions>
    ## Skills
    A skill is a set of local instructions ...
    ### Available skills
    - pdf-processing: Extract PDF text ... (file: /abs/pdf-processing/SKILL.md)
    ### How to use skills
    - ...
    </skills_instructions>

Paths use ``/`` separators, as Codex writes them. Newlines in values become spaces and a
``<skills_instructions>`` tag inside a value is made inert.
"""

from __future__ import annotations

from skill_catalog.prompts.entry import Entry
from skill_catalog.prompts.format import Format, Listing
from skill_catalog.prompts.sanitize import defuse, one_line

WRAPPER = "skills_instructions"
INTRO = (
    "## Skills\n"
    "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. "
    "Below is the list of skills that can be used. Each entry includes a name, description, "
    "and file path so you can open the source for full instructions when using a specific "
    "skill.\n"
    "### Available skills"
)
HOW_TO = (
    "### How to use skills\n"
    "- Discovery: the list above is every skill available here; the file of each entry holds "
    "its full instructions.\n"
    "- Trigger rules: when the user names a skill, or the task clearly matches a skill's "
    "description, open its SKILL.md and follow it.\n"
    "- Progressive disclosure: read only what the task needs; resolve the paths a skill "
    "mentions (scripts/, references/, assets/) against the folder of its SKILL.md."
)


def entry(item: Entry) -> str:
    text = f"- {one_line(item.name)}"
    if item.description is not None:
        text += f": {one_line(item.description)}"
    if item.location is not None:
        text += f" (file: {one_line(item.location).replace(chr(92), '/')})"
    return defuse(text, (WRAPPER,))


def render(listing: Listing) -> str:
    lines = [f"<{WRAPPER}>", INTRO, *(entry(e) for e in listing.entries)]
    if listing.overflow:
        lines.append(defuse(one_line(listing.overflow), (WRAPPER,)))
    lines += [HOW_TO, f"</{WRAPPER}>"]
    return "\n".join(lines) + "\n"


FORMAT = Format(
    name="codex",
    title="OpenAI Codex CLI",
    summary="Codex's '## Skills' section, '- name: description (file: path)'",
    render=render,
    entry=entry,
)
