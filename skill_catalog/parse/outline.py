"""A skill body's outline: its ATX headings, outside fenced code, in order.

The search index weighs them (``search/index.py``); a load that fills the skill cache takes
them while the body is at hand (:attr:`skill_catalog.model.Skill.outline`), so that a build
need not read every body again for them.
"""

from __future__ import annotations

import re

OUTLINE_CHARS = 65_536
"""Headings are looked for in this many characters from the body's start."""

_LINE = r" {0,3}(?:`(``+)|~(~~+)|##{0,5}[ \t]+(.+))"
"""A line opening or closing a code fence (up to three spaces, then three or more backticks or
tildes: group 1 holds the backticks after the first, group 2 the tildes after the first), or
an ATX heading (``#{1,6}``, then spaces or tabs: group 3 holds the rest of the line, closing
sequence included). Each alternative starts with a plain character, which lets the regex
engine drop most lines at their first character."""
_LINES = re.compile(rf"\n{_LINE}")
"""After a line break (one is put before the first line): looking for ``\\n`` rather than
``^`` lets the regex engine skip from line to line."""
_OTHER_LINE_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Where ``str.splitlines`` breaks lines besides ``\\n``."""
MAX_HEADINGS = 64


def _heading_text(rest: str) -> str:
    """The text of an ATX heading, from the ``rest`` of its line after the opening ``#``s and
    blanks: without its closing sequence (blanks, ``#``s, blanks), stripped.

    The same as ``re.match(r"(.+?)(?:[ \\t]+#+)?[ \\t]*$", rest).group(1).strip()``: the
    shortest text that the optional closing sequence and blanks can follow."""
    if rest[-1] not in " \t#":
        return rest.strip()
    text = rest.rstrip(" \t")
    if text.endswith("#"):
        bare = text.rstrip("#")
        if bare.endswith((" ", "\t")):
            text = bare  # never blank: ``rest`` starts with a character other than a blank
    return text.strip()


def headings(markdown: str) -> list[str]:
    """ATX heading texts of a Markdown body, outside fenced code, in order."""
    if any(brk in markdown for brk in _OTHER_LINE_BREAKS):
        markdown = "\n".join(markdown.splitlines())  # the lines of str.splitlines
    lines: list[tuple[str, str, str]] = _LINES.findall("\n" + markdown)
    found: list[str] = []
    fence = ""  # the open fence's characters after its first; "" outside fenced code
    for ticks, tildes, rest in lines:
        run = ticks or tildes
        if fence:
            if run[:1] == fence[0] and len(run) >= len(fence):
                fence = ""
        elif run:
            fence = run
        else:
            found.append(rest)
            if len(found) >= MAX_HEADINGS:
                break
    return [_heading_text(rest) for rest in found]


def outline(body: str) -> str:
    """The headings of the first :data:`OUTLINE_CHARS` of ``body``, one a line."""
    return "\n".join(headings(body[:OUTLINE_CHARS]))
