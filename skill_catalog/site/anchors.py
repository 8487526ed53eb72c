"""Heading anchors: GitHub-style slugs, unique per document, and the ``#`` self-links.

Works on HTML already cleaned by :mod:`skill_catalog.site.sanitize`, whose canonical form makes
headings findable with a regular expression: headings never nest, and ``>`` inside attribute
values is escaped. Headings from the author's raw HTML (``<h2 align="center">``) get anchors too.
"""

from __future__ import annotations

import dataclasses as dc
import html
import re
import unicodedata
from collections.abc import Collection

HEADING_PATTERN = r"<h([1-6])((?:\s[^>]*)?)>(.*?)</h\1>"
"""A heading: level, attributes, content (3 groups; to be compiled with ``re.S``)."""
HEADING = re.compile(HEADING_PATTERN, re.S)
_TAG = re.compile(r"<[^>]*>")
_ID_ATTR = re.compile(r'\sid="[^"]*"')
_OWN_ID = re.compile(r'\sid="([^"]*)"')
_PLACEHOLDER = re.compile("\ufdd2[0-9]*\ufdd3|[\ufdd0-\ufdef]")
MAX_SLUG = 80
SELF_LINK_LABEL = "Link to this section"


@dc.dataclass(slots=True, frozen=True)
class FoundHeading:
    level: int
    text: str
    anchor: str
    own_id: str | None
    """The ``id`` the author gave the heading in raw HTML, replaced by ``anchor``."""


def plain_text(fragment: str) -> str:
    """The visible text of an HTML fragment, whitespace collapsed."""
    if not fragment.isascii() and _PLACEHOLDER.search(fragment):
        fragment = _PLACEHOLDER.sub("", fragment)
    if "<" in fragment:
        fragment = _TAG.sub("", fragment)
    if "&" in fragment:
        fragment = html.unescape(fragment)
    return " ".join(fragment.split())


def _slug_char(char: str) -> str | None:
    if char.isspace():
        return "-"
    if char in "-_" or unicodedata.category(char)[0] in "LNM":
        return char
    return None


_ASCII_SLUG = str.maketrans({chr(code): _slug_char(chr(code)) for code in range(128)})


def slugify(text: str) -> str:
    """GitHub's rule: lower case; keep letters, digits, marks, ``-`` and ``_``; spaces -> ``-``."""
    lowered = text.strip().lower()
    if lowered.isascii():
        kept = lowered.translate(_ASCII_SLUG)
    else:
        kept = "".join(filter(None, map(_slug_char, lowered)))
    return kept[:MAX_SLUG].strip("-") or "section"


class AnchorAllocator:
    """Hands out slugs, adding ``-1``, ``-2``... to repeats and to ids already taken."""

    __slots__ = ("_taken",)

    def __init__(self, taken: Collection[str] = ()) -> None:
        self._taken = set(taken)

    def allocate(self, text: str) -> str:
        base = slugify(text)
        anchor, counter = base, 0
        while anchor in self._taken:
            counter += 1
            anchor = f"{base}-{counter}"
        self._taken.add(anchor)
        return anchor


def found_heading(level: str, attrs: str, content: str, allocator: AnchorAllocator
                  ) -> FoundHeading:
    """The heading ``<h{level}{attrs}>{content}</h{level}>``, given the next anchor."""
    own = _OWN_ID.search(attrs) if attrs else None
    text = plain_text(content)
    return FoundHeading(
        level=int(level),
        text=text,
        anchor=allocator.allocate(text),
        own_id=html.unescape(own.group(1)) if own else None,
    )


def find_headings(clean_html: str, allocator: AnchorAllocator) -> list[FoundHeading]:
    """Every heading in document order, with its allocated anchor."""
    return [found_heading(*match.groups(), allocator) for match in HEADING.finditer(clean_html)]


def anchored(level: str, attrs: str, content: str, anchor: str) -> str:
    """A heading with ``anchor`` as its only id and a ``#`` self-link after its content.

    ``attrs`` are the heading's other attributes (any ``id`` in them is dropped).
    """
    if attrs:
        attrs = _ID_ATTR.sub("", attrs)
    anchor = html.escape(anchor, quote=True)
    return (
        f'<h{level}{attrs} id="{anchor}">{content}<a class="heading-anchor" href="#{anchor}" '
        f'aria-label="{SELF_LINK_LABEL}">#</a></h{level}>'
    )
