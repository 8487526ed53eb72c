"""Turning text into index terms: the one tokenizer that Python and ``search.js`` both follow.

Every rule here is mirrored line for line in ``templates/assets/search.js`` (``tokens``,
``stem``, ``nameKey``); the browser test checks that both rank a query the same way. Keep the
rules simple enough to mirror exactly: NFKC, lowercase, runs of letters, marks and digits,
a small stop list, and plural stripping only.
"""

from __future__ import annotations

import re
import unicodedata

_STOP_TEXT = """a about an and any are as at be by can do does for from how i if in into is it its
    of on or so such that the their them then there these this to use used uses using via
    was we what when where which while who will with you your"""
STOPWORDS: frozenset[str] = frozenset(_STOP_TEXT.split())
"""Words too common to tell skills apart ("Use when ..." opens most descriptions). They are
not indexed; a query made only of them finds nothing but an exact name."""

MIN_PREFIX = 3
"""The last word of a query also matches longer words starting with it (search as you type),
once it has at least this many characters."""

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
MAX_HEADINGS = 64


def is_word_char(ch: str) -> bool:
    """A letter, mark or digit: what words are made of."""
    return unicodedata.category(ch)[0] in "LNM"


def words(text: str) -> list[str]:
    """Lowercased runs of letters, marks and digits, after NFKC (``/[\\p{L}\\p{N}\\p{M}]+/gu``)."""
    normal = unicodedata.normalize("NFKC", text).lower()
    found: list[str] = []
    start = -1
    for i, ch in enumerate(normal):
        if is_word_char(ch):
            if start < 0:
                start = i
        elif start >= 0:
            found.append(normal[start:i])
            start = -1
    if start >= 0:
        found.append(normal[start:])
    return found


def stem(word: str) -> str:
    """Strip an English plural: ``skills`` -> ``skill``, ``queries`` -> ``query``,
    ``processes`` -> ``process``. Nothing cleverer: it must be mirrored in JavaScript."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def terms(text: str) -> list[str]:
    """The index terms of ``text``: words, stop words dropped, plurals stripped."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


def name_key(text: str) -> str:
    """The form in which a query equals a skill's name: words joined by ``-``, so that
    ``PDF Processing`` and ``pdf_processing`` both equal the name ``pdf-processing``."""
    return "-".join(words(text))


def headings(markdown: str) -> list[str]:
    """ATX heading texts of a Markdown body, outside fenced code, in order."""
    found: list[str] = []
    fence: str | None = None
    for line in markdown.splitlines():
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            continue
        heading = _HEADING.match(line)
        if heading:
            found.append(heading.group(1).strip())
            if len(found) >= MAX_HEADINGS:
                break
    return found
