"""``show``: a skill's instructions as a skill tool returns them on activation.

The shape is the one the spec's client guide suggests::

    <skill_content name="pdf-processing">
    ...body...

    Skill directory: /abs/skills/pdf-processing
    Relative paths in this skill are relative to the skill directory.
    <skill_resources>
      <file>scripts/extract.py</file>
    </skill_resources>
    </skill_content>

The body is Markdown for the model and stays as written (control characters removed), except
that a ``<skill_content>`` or ``<skill_resources>`` tag inside it is made inert, so a body cannot
close the wrapper early. The name, folder and file names around it are escaped as every text
output escapes them (:func:`skill_catalog.display.escape.printable`): a file named with a
newline cannot start a line of its own, nor a control character reach the terminal.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from skill_catalog.display.escape import printable
from skill_catalog.model import Skill
from skill_catalog.prompts.sanitize import clean, defuse, xml_attr, xml_text
from skill_catalog.skill_access.listing import resources

WRAPPERS = ("skill_content", "skill_resources")


def skill_content(skill: Skill, *, folder: str | None = None) -> str:
    """The ``<skill_content>`` block of ``skill``, ending with a newline. ``folder`` names the
    skill directory where it is not the local folder (``skill://<name>`` over MCP)."""
    return content_block(skill.key, skill.body, folder or os.path.abspath(skill.dir),
                         [f.relpath for f in resources(skill)], skill.files_truncated)


def content_block(name: str, body: str, folder: str, files: Sequence[str],
                  truncated: bool = False) -> str:
    """The ``<skill_content>`` block of a skill given by its parts (a skill that is not on this
    machine, e.g. read from a published catalog): its name, body, directory and files
    (SKILL.md aside), ``truncated`` when the list is not complete."""
    body = defuse(clean(body).strip(), WRAPPERS)
    folder = defuse(printable(folder), WRAPPERS)
    lines = [f'<skill_content name="{xml_attr(printable(name))}">']
    if body:
        lines += [body, ""]
    lines += [f"Skill directory: {folder}",
              "Relative paths in this skill are relative to the skill directory."]
    if files or truncated:
        lines.append("<skill_resources>")
        lines += [f"  <file>{xml_text(printable(f))}</file>" for f in files]
        if truncated:
            lines.append("  (more files than the inventory limit; not all are listed)")
        lines.append("</skill_resources>")
    lines.append("</skill_content>")
    return "\n".join(lines) + "\n"
