"""Turning text into index terms: the one tokenizer that Python and ``search.js`` both follow.

Every rule here is mirrored line for line in ``templates/assets/search.js`` (``tokens``,
``stem``, ``nameKey``); the browser test checks that both rank a query the same way. Keep the
rules simple enough to mirror exactly: NFKC, lowercase, accents dropped (:func:`fold`), runs
of letters, marks and digits, a small stop list, and plural stripping only.
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

_LETTERS_DIGITS = re.compile(r"[^\W_]+")
"""Runs of letters and numbers: ``\\w`` is the letters (L*), the numbers (N*) and ``_``, for the
same Unicode database as ``unicodedata`` (``tests/test_search_text.py`` checks every code
point). Marks (M*) are the only word characters it leaves out."""
_NON_ASCII_OTHER = re.compile(r"[^\w\x00-\x7f]")
"""What ``\\w`` leaves out that could be a mark: no ASCII character is one."""


DIACRITICS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
"""The Combining Diacritical Marks blocks (and their Extended, Supplement, for Symbols and Half
Marks blocks): what accented Latin, Greek and Cyrillic letters decompose into (``é`` is ``e``
and U+0301). Marks of other kinds (Indic vowel signs, viramas, Arabic and Hebrew points) stay:
they tell words apart. ``search.js`` holds the same ranges."""
_DIACRITIC = re.compile(f"[{DIACRITICS}]+")


def fold(text: str) -> str:
    """What a text is searched as: NFKC, lowercase, and without diacritics, so that ``cafe``
    finds ``Café`` (and ``café`` finds ``cafe``). Diacritics are dropped from the canonical
    decomposition (NFD), which is composed again (NFC) only if any was dropped; a text without
    them is left as NFKC and lowercasing made it. Letters that are not accented forms of
    others (``ø``, ``ł``, ``ß``, ``æ``) stay as they are."""
    normal = unicodedata.normalize("NFKC", text).lower()
    if normal.isascii():
        return normal
    decomposed = unicodedata.normalize("NFD", normal)
    bare, dropped = _DIACRITIC.subn("", decomposed)
    return unicodedata.normalize("NFC", bare) if dropped else normal


def is_word_char(ch: str) -> bool:
    """A letter, mark or digit: what words are made of."""
    return unicodedata.category(ch)[0] in "LNM"


@functools.lru_cache(maxsize=256)
def _word_pattern(marks: str) -> re.Pattern[str]:
    """Runs of letters, digits and the combining ``marks`` found in a text."""
    return re.compile(f"(?:[^\\W_]|[{re.escape(marks)}])++")


_ASCII_WORDS = str.maketrans({
    c: chr(c).lower() if chr(c).isalnum() else " " for c in range(128)})
"""For ASCII text: letters lowercased, digits kept, every other character a space."""


def words(text: str) -> list[str]:
    """Runs of letters, marks and digits of the :func:`fold`-ed text
    (``/[\\p{L}\\p{N}\\p{M}]+/gu``)."""
    if text.isascii():  # NFKC leaves ASCII alone, and it holds no marks
        return text.translate(_ASCII_WORDS).split()
    normal = fold(text)
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


class _Terms(dict[str, str]):
    """The term of each word seen: its stem, or ``""`` for a stop word. Forgets every word
    when it holds :data:`_MAX_REMEMBERED`."""

    def __missing__(self, word: str) -> str:
        if len(self) >= _MAX_REMEMBERED:
            self.clear()
        term = self[word] = "" if word in STOPWORDS else stem(word)
        return term


_MAX_REMEMBERED = 1 << 16
_TERMS = _Terms()


def terms(text: str) -> list[str]:
    """The index terms of ``text``: words, stop words dropped, plurals stripped."""
    return [term for word in words(text) if (term := _TERMS[word])]


def name_key(text: str) -> str:
    """The form in which a query equals a skill's name: words joined by ``-``, so that
    ``PDF Processing`` and ``pdf_processing`` both equal the name ``pdf-processing``."""
    return "-".join(words(text))
