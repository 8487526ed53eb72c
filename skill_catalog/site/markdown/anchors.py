"""Heading anchors: GitHub-style slugs, unique per document, and the ``#`` self-links.

Works on HTML already cleaned by :mod:`skill_catalog.site.markdown.sanitize`, whose canonical
form makes headings findable with a regular expression: headings never nest, and ``>`` inside
attribute values is escaped. Headings from the author's raw HTML (``<h2 align="center">``) get
anchors too.
"""

from __future__ import annotations

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
_ASCII_SLUG_LINES = str.maketrans({**{chr(c): _slug_char(chr(c)) for c in range(128)}, "\n": "\n"})


def slugify(text: str) -> str:
    """GitHub's rule: lower case; keep letters, digits, marks, ``-`` and ``_``; spaces -> ``-``."""
    lowered = text.strip().lower()
    if lowered.isascii():
        kept = lowered.translate(_ASCII_SLUG)
    else:
        kept = "".join(filter(None, map(_slug_char, lowered)))
    return kept[:MAX_SLUG].strip("-") or "section"


def plain_texts(fragments: list[str]) -> list[str]:
    """:func:`plain_text` of each fragment."""
    return [
        " ".join(f.split()) if f.isascii() and "<" not in f and "&" not in f else plain_text(f)
        for f in fragments
    ]


def _slugs(texts: list[str]) -> list[str]:
    """:func:`slugify` of each text as :func:`plain_text` gives them (stripped, on one line):
    ASCII ones lowered and filtered in one go."""
    joined = "\n".join(texts)
    if not joined.isascii() or joined.count("\n") != len(texts) - 1:
        return [slugify(text) for text in texts]
    bases = joined.lower().translate(_ASCII_SLUG_LINES).split("\n")
    return [base[:MAX_SLUG].strip("-") or "section" for base in bases]


class AnchorAllocator:
    """Hands out slugs, adding ``-1``, ``-2``... to repeats and to ids already taken."""

    __slots__ = ("_suffixes", "_taken")

    def __init__(self, taken: Collection[str] = ()) -> None:
        self._taken = set(taken)
        self._suffixes: dict[str, int] = {}
        """The last suffix tried for each slug: ids are only ever added, so the first free
        one is never below it (n headings with one slug cost n tries, not n**2 / 2)."""

    def allocate_all(self, texts: list[str]) -> list[str]:
        """An anchor for each of ``texts`` (plain texts, as :func:`plain_texts` gives them), in
        order: the slug, or the slug with the first free ``-<n>`` suffix."""
        taken, suffixes = self._taken, self._suffixes
        anchors = []
        for base in _slugs(texts) if texts else ():
            counter = suffixes.get(base, 0)
            anchor = f"{base}-{counter}" if counter else base
            while anchor in taken:
                counter += 1
                anchor = f"{base}-{counter}"
            suffixes[base] = counter
            taken.add(anchor)
            anchors.append(anchor)
        return anchors


def own_id(attrs: str) -> str | None:
    """The ``id`` among a heading's attributes (``' align="center" id="x"'``), entities decoded:
    links to it are redirected to the heading's anchor, which replaces it."""
    found = _OWN_ID.search(attrs) if attrs else None
    return html.unescape(found.group(1)) if found else None


def anchored(level: str, attrs: str, content: str, anchor: str) -> str:
    """A heading with ``anchor`` as its only id and a ``#`` self-link after its content.

    ``attrs`` are the heading's other attributes (any ``id`` in them is dropped). ``anchor``
    comes from :class:`AnchorAllocator`: letters, digits, marks, ``-`` and ``_`` only, nothing
    that needs escaping.
    """
    if attrs:
        attrs = _ID_ATTR.sub("", attrs)
    return (
        f'<h{level}{attrs} id="{anchor}">{content}<a class="heading-anchor" href="#{anchor}" '
        f'aria-label="{SELF_LINK_LABEL}">#</a></h{level}>'
    )
