"""Turning text into index terms: the one tokenizer that Python and ``search.js`` both follow.

Every rule here is mirrored line for line in ``templates/assets/search.js`` (``tokens``,
``stem``, ``nameKey``); the browser test checks that both rank a query the same way. Keep the
rules simple enough to mirror exactly: NFKC, lowercase, runs of letters, marks and digits,
a small stop list, and plural stripping only.
"""

from __future__ import annotations

import functools
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

_FENCE = r" {0,3}(`{3,}|~{3,})"
_HEADING = re.compile(r" {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_FENCE_OR_HEADING = re.compile(rf"\n(?:{_FENCE}|( {{0,3}}#{{1,6}}[ \t].*))")
"""After a line break: a line opening or closing a code fence (group 1: the fence), or one
that may be an ATX heading (group 2: the whole line, for ``_HEADING``). Looking for ``\\n``
rather than ``^`` lets the regex engine skip from line to line; the heading's text is only
matched for the few candidates."""
_OTHER_LINE_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Where ``str.splitlines`` breaks lines besides ``\\n``."""
MAX_HEADINGS = 64

_LETTERS_DIGITS = re.compile(r"[^\W_]+")
"""Runs of letters and numbers: ``\\w`` is the letters (L*), the numbers (N*) and ``_``, for the
same Unicode database as ``unicodedata`` (``tests/test_search_text.py`` checks every code
point). Marks (M*) are the only word characters it leaves out."""
_NON_ASCII_OTHER = re.compile(r"[^\w\x00-\x7f]")
"""What ``\\w`` leaves out that could be a mark: no ASCII character is one."""


def is_word_char(ch: str) -> bool:
    """A letter, mark or digit: what words are made of."""
    return unicodedata.category(ch)[0] in "LNM"


@functools.lru_cache(maxsize=256)
def _word_pattern(marks: str) -> re.Pattern[str]:
    """Runs of letters, digits and the combining ``marks`` found in a text."""
    return re.compile(f"(?:[^\\W_]|[{re.escape(marks)}])++")


def words(text: str) -> list[str]:
    """Lowercased runs of letters, marks and digits, after NFKC (``/[\\p{L}\\p{N}\\p{M}]+/gu``)."""
    normal = unicodedata.normalize("NFKC", text).lower()
    # One regex pass; a text with combining marks (accents left after NFKC, emoji variation
    # selectors, Indic vowel signs) gets a pattern that also takes its own marks.
    others = set(_NON_ASCII_OTHER.findall(normal))
    marks = "".join(sorted(ch for ch in others if unicodedata.category(ch)[0] == "M"))
    if not marks:
        return _LETTERS_DIGITS.findall(normal)
    return _word_pattern(marks).findall(normal)


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


_stem_cached = functools.lru_cache(maxsize=1 << 16)(stem)


def terms(text: str) -> list[str]:
    """The index terms of ``text``: words, stop words dropped, plurals stripped."""
    return [_stem_cached(w) for w in words(text) if w not in STOPWORDS]


def name_key(text: str) -> str:
    """The form in which a query equals a skill's name: words joined by ``-``, so that
    ``PDF Processing`` and ``pdf_processing`` both equal the name ``pdf-processing``."""
    return "-".join(words(text))


def headings(markdown: str) -> list[str]:
    """ATX heading texts of a Markdown body, outside fenced code, in order."""
    if any(brk in markdown for brk in _OTHER_LINE_BREAKS):
        markdown = "\n".join(markdown.splitlines())  # the lines of str.splitlines
    found: list[str] = []
    fence: str | None = None
    for match in _FENCE_OR_HEADING.finditer("\n" + markdown):
        opened, line = match.group(1, 2)
        if fence is not None:
            if opened and opened[0] == fence[0] and len(opened) >= len(fence):
                fence = None
            continue
        if opened:
            fence = opened
            continue
        heading = _HEADING.match(line)
        if heading is None:
            continue
        found.append(heading.group(1).strip())
        if len(found) >= MAX_HEADINGS:
            break
    return found
