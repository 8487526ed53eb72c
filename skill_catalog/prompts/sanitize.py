"""Making names, descriptions and paths safe to place in a prompt fragment.

Three guarantees, whatever the input: no control character survives (C0 except tab and newline,
DEL, C1); no code point that XML 1.0 forbids survives (lone surrogates, U+FFFE, U+FFFF become
U+FFFD); and a value can neither close the element or wrapper it sits in nor, in line-based
formats, start a new entry.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")
_LINE_BREAK = re.compile("[ \t]*[\n\u2028\u2029]+[ \t\n\u2028\u2029]*")
_CREST = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&apos;"))


def clean(text: str) -> str:
    """``text`` without control characters, with XML-forbidden code points replaced."""
    if text.isprintable():  # no control character, surrogate or noncharacter: nothing to do
        return text
    return _NOT_XML.sub("\ufffd", _CONTROL.sub("", text))


def one_line(text: str) -> str:
    """``text`` cleaned, every line break (and the blanks around it) turned into one space, so
    that a value cannot start a new list entry in a line-based format."""
    if text.isprintable():  # holds no line break (and is clean)
        return text.strip()
    return _LINE_BREAK.sub(" ", clean(text)).strip()


def xml_text(text: str) -> str:
    """``text`` cleaned and escaped for XML character data (``&``, ``<``, ``>``)."""
    return html.escape(clean(text), quote=False)


def xml_attr(text: str) -> str:
    """``text`` cleaned and escaped for a double- or single-quoted XML attribute."""
    return html.escape(clean(text), quote=True)


def html_escape(text: str) -> str:
    """``text`` cleaned and escaped as skills-ref escapes it (``html.escape(quote=True)``)."""
    return html.escape(clean(text), quote=True)


def xml_all(text: str) -> str:
    """``text`` cleaned and escaped as Crush escapes it (``& < > " '``, with ``&apos;``)."""
    text = clean(text)
    for char, entity in _CREST:  # "&" first, so that no entity is escaped again
        text = text.replace(char, entity)
    return text


def defuse(text: str, tags: Iterable[str]) -> str:
    """``text`` with every opening or closing tag named in ``tags`` made inert (``<`` becomes
    ``&lt;``), case-insensitively.

    Plain-text formats wrapped in a pseudo-XML element (Claude Code's ``<system-reminder>``,
    Codex's ``<skills_instructions>``, the ``<skill_content>`` of ``show``) keep ``<`` in
    descriptions and bodies readable, but a value must not be able to close the wrapper early.
    """
    if "<" not in text:
        return text
    pattern = _tag_opener(tuple(tags))
    return text if pattern is None else pattern.sub("&lt;", text)


@functools.lru_cache(maxsize=64)
def _tag_opener(tags: tuple[str, ...]) -> re.Pattern[str] | None:
    """The ``<`` that opens or closes one of ``tags`` (None when there is no tag)."""
    names = "|".join(re.escape(tag) for tag in tags)
    if not names:
        return None
    return re.compile(rf"<(?=\s*/?\s*(?:{names})(?![\w.]))", re.IGNORECASE)
