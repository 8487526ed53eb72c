"""The search tokenizer (``search/text.py``) and the outline (``parse/outline.py``) give exactly
the tokens and headings of their first, character-by-character implementation, kept here as the
reference: over every code point, over generated strings, and over every SKILL.md of the shared
corpus."""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skill_catalog.parse.outline import headings
from skill_catalog.search.text import (
    STOPWORDS,
    fold,
    name_key,
    stem,
    terms,
    words,
)
from tests.helpers.libraries import corpus_files

# The profile's number of examples (tests/conftest.py). Here the search text functions are compared
# with plain references on short strings, under a millisecond an example: 5 to 25 times the
# profile's count, which is sized for tests that build sites.
PROFILE_EXAMPLES = settings().max_examples

# The reference implementation ------------------------------------------------------------------

_REF_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_REF_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")


_REF_DIACRITIC_BLOCKS = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF),
                         (0xFE20, 0xFE2F))


_REF_DIACRITICS = frozenset(chr(c) for low, high in _REF_DIACRITIC_BLOCKS
                            for c in range(low, high + 1))


def ref_fold(text: str) -> str:
    normal = unicodedata.normalize("NFKC", text).lower()
    decomposed = unicodedata.normalize("NFD", normal)
    bare = "".join(ch for ch in decomposed if ch not in _REF_DIACRITICS)
    return normal if bare == decomposed else unicodedata.normalize("NFC", bare)


def ref_words(text: str) -> list[str]:
    normal = ref_fold(text)
    found: list[str] = []
    start = -1
    for i, ch in enumerate(normal):
        if unicodedata.category(ch)[0] in "LNM":
            if start < 0:
                start = i
        elif start >= 0:
            found.append(normal[start:i])
            start = -1
    if start >= 0:
        found.append(normal[start:])
    return found


def ref_terms(text: str, found: list[str] | None = None) -> list[str]:
    """The terms of ``text``, from its words when they are already known (``found``)."""
    return [stem(w) for w in (ref_words(text) if found is None else found) if w not in STOPWORDS]


def ref_headings(markdown: str) -> list[str]:
    found: list[str] = []
    fence: str | None = None
    for line in markdown.splitlines():
        opened = _REF_FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            continue
        heading = _REF_HEADING.match(line)
        if heading:
            found.append(heading.group(1).strip())
            if len(found) >= 64:
                break
    return found


# Every code point --------------------------------------------------------------------------------

_ALL = [chr(c) for c in range(sys.maxunicode + 1)]


@pytest.mark.parametrize("joiner", ["", " ", "a", "_", "\u0301"])
def test_words_of_every_code_point(joiner: str) -> None:
    """Each code point alone, after a letter, after a mark, beside ``_``, and in runs."""
    for start in range(0, len(_ALL), 0x10000):
        text = joiner.join(_ALL[start:start + 0x10000])
        assert words(text) == ref_words(text), hex(start)


# Generated strings -----------------------------------------------------------------------------

_TRICKY = st.sampled_from(list(
    "aZ9_- \t\n.#`~İıẞﬁ²½Ⅻ٣\u0301\u0345\u20dd\u0903\ufe0f\u200d\u00ad\u2028\x85\r\ud800"
    "é\u0915\u093f\u4e00\uac00\U0001f600\U000e0100ǖÅ\u0308\u1ab0\u1dc0\ufe20\u0344"))
_TEXT = st.text(st.one_of(st.characters(), _TRICKY), max_size=80)


@settings(max_examples=25 * PROFILE_EXAMPLES)
@given(_TEXT)
def test_words_terms_and_name_key_match_the_reference(text: str) -> None:
    assert fold(text) == ref_fold(text)
    assert words(text) == ref_words(text)
    assert terms(text) == ref_terms(text)
    assert name_key(text) == "-".join(ref_words(text))


_LINE_TEXT = st.text(st.sampled_from(list("#`~ \tab\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")),
                     max_size=120)


@settings(max_examples=25 * PROFILE_EXAMPLES)
@given(_LINE_TEXT)
def test_headings_match_the_reference(text: str) -> None:
    assert headings(text) == ref_headings(text)


@settings(max_examples=5 * PROFILE_EXAMPLES)
@given(st.lists(st.sampled_from(["# Title", "## Two ##", "#  ", "# ", "####### x", "   # in",
                                 "    # code", "```", "````", "~~~", " ```py", "text", "",
                                 "# closing #  ", "#\tTab", "#x", "# #", "# ##", "##  ", "# a#",
                                 "## a ## b ##\t", "#\t#\t", "###### six #", " ~~~~~ x",
                                 "   ``` ```", "``"]), max_size=90),
       st.sampled_from(["\n", "\r\n", "\r", "\u2028"]))
def test_headings_of_generated_documents(lines: list[str], newline: str) -> None:
    text = newline.join(lines)
    assert headings(text) == ref_headings(text)


# The shared corpus -------------------------------------------------------------------------------


def test_corpus_tokens_and_headings_match_the_reference(corpus: Path) -> None:
    checked = 0
    for path in corpus_files(corpus, "SKILL.md"):
        text = path.read_text(encoding="utf-8", errors="replace")
        assert headings(text) == ref_headings(text), path
        found = ref_words(text)  # the slow reference, once per file
        assert words(text) == found, path
        assert terms(text) == ref_terms(text, found), path
        checked += 1
    assert checked > 1000
