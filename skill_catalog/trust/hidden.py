"""Hidden text: Unicode tag characters, bidirectional controls, invisible format characters,
and look-alike (mixed-script) names."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from skill_catalog.trust.segments import char_name, escape, line_col

_TAG = re.compile("[\U000e0000-\U000e007f]+")
_VARIATION_SUPPLEMENT = re.compile("[\U000e0100-\U000e01ef]{2,}")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
_INVISIBLE = re.compile("[\u200b-\u200d\u2060-\u2064\ufeff\u00ad\u180e\u3164\uffa0\u115f"
                        "\u1160\u034f\u17b4\u17b5\u206a-\u206f\ufe00-\ufe0f]+")
PATTERNS = (_TAG, _VARIATION_SUPPLEMENT, _BIDI, _INVISIBLE)
"""What the hidden-character checks look for (for a prefilter)."""
_BLACK_FLAG = "\U0001f3f4"
_CANCEL_TAG = "\U000e007f"


def tag_text(run: str) -> str:
    """What a run of tag characters spells (each one shadows an ASCII character)."""
    return "".join(chr(ord(c) - 0xE0000) for c in run if 0x20 <= ord(c) - 0xE0000 < 0x7F)


def tag_runs(text: str) -> Iterator[tuple[int, str]]:
    """(offset, decoded text) of every run of tag characters that is not part of an emoji flag
    tag sequence (🏴 + lowercase letters/digits + CANCEL TAG: the flags of England, Scotland,
    Wales); and of every run of variation selectors 17-256 (each one a byte), a known way of
    smuggling text into an emoji."""
    for match in _TAG.finditer(text):
        run = match.group()
        before = text[match.start() - 1] if match.start() else ""
        decoded = tag_text(run)
        if (before == _BLACK_FLAG and run.endswith(_CANCEL_TAG) and len(run) <= 8
                and re.fullmatch(r"[a-z0-9]{2,6}", tag_text(run[:-1]))):
            continue
        yield match.start(), decoded
    for match in _VARIATION_SUPPLEMENT.finditer(text):
        data = bytes(ord(c) - 0xE0100 + 16 for c in match.group() if ord(c) - 0xE0100 + 16 < 256)
        yield match.start(), data.decode("utf-8", "replace")


def bidi_controls(text: str) -> Iterator[tuple[int, str]]:
    for match in _BIDI.finditer(text):
        yield match.start(), match.group()


def _letter_script(char: str) -> str | None:
    if not char or not char.isalpha():
        return None
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] if name else None


_JOINING_SCRIPTS = frozenset({
    "ARABIC", "SYRIAC", "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL",
    "TELUGU", "KANNADA", "MALAYALAM", "SINHALA", "MYANMAR", "KHMER", "TIBETAN", "MONGOLIAN",
    "HEBREW", "PERSIAN", "NKO", "THAANA", "LAO", "THAI", "JAVANESE", "BALINESE"})


def _is_emoji(char: str) -> bool:
    if not char:
        return False
    code = ord(char)
    return (0x1F000 <= code <= 0x1FAFF or 0x2600 <= code <= 0x27BF or 0x2190 <= code <= 0x21FF
            or 0x2B00 <= code <= 0x2BFF or 0x2300 <= code <= 0x23FF or code in (0x00A9, 0x00AE,
                                                                                0x203C, 0x2049)
            or 0x1F3FB <= code <= 0x1F3FF or unicodedata.category(char) == "So")


def invisible_runs(text: str) -> Iterator[tuple[int, str]]:
    """Zero-width and other invisible format characters, except where they have a use: a
    joiner or variation selector inside an emoji sequence, a joiner or non-joiner between
    letters of a script that shapes them (Arabic, Indic, ...), a byte order mark at the very
    start, a soft hyphen inside a long word."""
    for match in _INVISIBLE.finditer(text):
        run, start = match.group(), match.start()
        before = text[start - 1] if start else ""
        after = text[match.end()] if match.end() < len(text) else ""
        if start == 0 and run == "\ufeff":
            continue
        if all(c in "\u200d\ufe0e\ufe0f" for c in run) and (
                _is_emoji(before) or _is_emoji(after) or before in "0123456789#*"):
            continue
        if all(c in "\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b"
                    "\ufe0c\ufe0d\ufe0e\ufe0f" for c in run) and len(run) == 1 and before and not (
                    before.isascii() and before.isalnum()):
            continue  # a variation selector choosing a glyph of the character before it
        if all(c in "\u200c\u200d" for c in run) and len(run) == 1 and (
                _letter_script(before) in _JOINING_SCRIPTS
                or _letter_script(after) in _JOINING_SCRIPTS):
            continue
        if run == "\u00ad" and before.isalpha() and after.isalpha():
            continue
        yield start, run


def describe_invisible(run: str) -> str:
    names = sorted({char_name(c) for c in run})
    return f"{escape(run)} ({', '.join(names)})"


# Letters of other scripts that look like Latin ones (Unicode's confusables, the common part).
_CONFUSABLE = str.maketrans({
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k",
    "ӏ": "l", "м": "m", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "х": "x",
    "ԝ": "w", "ү": "y", "ё": "e", "ї": "i", "ɑ": "a", "ο": "o", "α": "a", "ν": "v", "ρ": "p",
    "τ": "t", "υ": "u", "κ": "k", "ι": "i", "ε": "e", "χ": "x", "ѵ": "v", "ո": "n", "ս": "u",
    "օ": "o", "ց": "g", "հ": "h", "ı": "i", "ɡ": "g", "ʏ": "y", "ｅ": "e", "ａ": "a",
    "Ꭺ": "a", "Ꮯ": "c", "Ꭼ": "e", "Ꮋ": "h", "Ꭻ": "j", "Ꮶ": "k", "Ꮇ": "m", "Ꮲ": "p", "Ꮪ": "s",
    "Ꭲ": "t", "Ꮃ": "w",
})


def skeleton(name: str) -> str:
    """The Latin look-alike of ``name``: NFKC, case-folded, confusable letters replaced."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_CONFUSABLE)


def scripts(name: str) -> set[str]:
    return {s for s in (_letter_script(c) for c in name) if s is not None}


def mixed_script(name: str) -> bool:
    """Latin letters together with letters of another script that has look-alikes of them."""
    found = scripts(name)
    return "LATIN" in found and bool(found & {"CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE"})


def position(text: str, offset: int) -> tuple[int, int]:
    return line_col(text, offset)
