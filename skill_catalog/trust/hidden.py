"""Hidden text: Unicode tag characters, bidirectional controls, invisible format characters,
and look-alike (mixed-script) names."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from skill_catalog.trust import unicode_tables
from skill_catalog.trust.segments import char_name, escape, line_col

_TAG = re.compile("[\U000e0000-\U000e007f]+")
_VARIATION_SUPPLEMENT = re.compile("[\U000e0100-\U000e01ef]{2,}")
_MARKS = frozenset(c for c in unicode_tables.BIDI_CONTROLS
                   if unicodedata.name(chr(c), "").endswith(" MARK"))
"""The direction marks among the bidirectional controls (LRM, RLM, ALM): invisible characters
with legitimate uses in right-to-left text (ST003 judges them), not embeddings or overrides."""
_OVERRIDES = sorted(unicode_tables.BIDI_CONTROLS - _MARKS)
_BIDI = re.compile("[" + "".join(re.escape(chr(c)) for c in _OVERRIDES) + "]")
"""Bidirectional embeddings, overrides and isolates (Trojan Source), from Unicode's
Bidi_Control property."""
_SHOWN_ELSEWHERE = frozenset({*_OVERRIDES, 0xE0001, *range(0xE0020, 0xE0080)})
"""Bidirectional controls (ST002) and tag characters (ST001): their own checks."""


def _class(ranges: tuple[tuple[int, int], ...]) -> str:
    chars = [c for a, b in ranges for c in range(a, b + 1)
             if c not in _SHOWN_ELSEWHERE and c not in unicode_tables.PREPENDED_MARKS]
    out, start = [], None
    for index, code in enumerate(chars):
        if start is None:
            start = code
        if index + 1 == len(chars) or chars[index + 1] != code + 1:
            out.append(re.escape(chr(start)) + (f"-{re.escape(chr(code))}" if code > start
                                                   else ""))
            start = None
    return "".join(out)


_INVISIBLE = re.compile(f"[{_class(unicode_tables.FORMAT_CHARACTERS)}"
                        f"{_class(unicode_tables.DEFAULT_IGNORABLE)}]+")
"""Invisible characters: every format character (Unicode category Cf) but the bidirectional
controls, tag characters and the prepended marks that are shown, and every default-ignorable
one (fillers, joiners, variation selectors, the reserved ones)."""
_DIRECTION_MARKS = frozenset(chr(c) for c in _MARKS)
_VARIATION = frozenset(chr(c) for c in (*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)))
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
        if all(c in _VARIATION for c in run) and len(run) == 1 and before and not (
                before.isascii() and before.isalnum()):
            continue  # a variation selector choosing a glyph of the character before it
        if len(run) >= 2 and all(0xE0100 <= ord(c) <= 0xE01EF for c in run):
            continue  # a run of them spells bytes: ST001 reports it, decoded
        if all(c in _DIRECTION_MARKS for c in run) and (
                not before.strip() or not after.strip() or _right_to_left_line(text, start)):
            continue  # direction marks where right-to-left text needs them, or at a word's edge
        if all(c in "\u200c\u200d" for c in run) and len(run) == 1 and (
                _letter_script(before) in _JOINING_SCRIPTS
                or _letter_script(after) in _JOINING_SCRIPTS):
            continue
        if run == "\u00ad" and before.isalpha() and after.isalpha():
            continue
        yield start, run


_RTL_WINDOW = 200


def _right_to_left_line(text: str, offset: int) -> bool:
    """A right-to-left letter (Hebrew, Arabic, ...) on the line around ``offset`` (looked for
    in a bounded window)."""
    start = max(text.rfind("\n", max(0, offset - _RTL_WINDOW), offset) + 1, offset - _RTL_WINDOW)
    end = text.find("\n", offset, offset + _RTL_WINDOW)
    window = text[start: end if end >= 0 else offset + _RTL_WINDOW]
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in window
               if not c.isascii() and c not in _DIRECTION_MARKS)


def describe_invisible(run: str) -> str:
    names = sorted({char_name(c) for c in run})
    return f"{escape(run)} ({', '.join(names)})"


# Letters of other scripts (and styled Latin letters) that look like ASCII ones: Unicode's
# confusables.txt, shipped in unicode_data.json (unicode_tables).
_CONFUSABLE_SOURCE = unicode_tables.CONFUSABLE_LETTERS
_CONFUSABLE = str.maketrans(_CONFUSABLE_SOURCE)


def skeleton(name: str) -> str:
    """The Latin look-alike of ``name``: NFKC, case-folded, confusable letters replaced."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_CONFUSABLE)


def scripts(name: str) -> set[str]:
    return {s for s in (_letter_script(c) for c in name) if s is not None}


def mixed_script(name: str) -> bool:
    """Latin letters together with letters of another script that has look-alikes of them."""
    found = scripts(name)
    return "LATIN" in found and bool(found & _SPOOFING)


def position(text: str, offset: int) -> tuple[int, int]:
    return line_col(text, offset)


_LOOKALIKES = "".join(sorted({c for c in _CONFUSABLE_SOURCE if not c.isascii()}))
_MIXED = re.compile(f"[A-Za-z0-9./@-][{_LOOKALIKES}]|[{_LOOKALIKES}][A-Za-z0-9./@-]")
_ANY_LOOKALIKE = re.compile(f"[{_LOOKALIKES}]")
PATTERNS_LOOKALIKE = (_MIXED,)
_TOKEN_CHARS = re.compile(r"[\w.\-/:@~+%]")
_TOKEN_REACH = 120
"""How far a token is followed each way from a look-alike letter (a bounded window)."""
_HOSTISH = re.compile(r"\.[A-Za-z]|://|@")
_PARTS = re.compile(r"[-_./:@~+%]+")
_INSIDE = re.compile(f"[A-Za-z][{_LOOKALIKES}]")
"""A look-alike after a Latin letter (``reqуests``, ``numpу``): a letter put in a word's
place. One that only starts the word (``γfit``, ``αmax``) is a symbol written before a name,
as maths and code name variables."""
_SPOOFING = frozenset(
    script for char in _CONFUSABLE_SOURCE
    if (script := _letter_script(char)) not in (None, "LATIN")
    and unicodedata.normalize("NFKC", char) == char)
"""Scripts with letters that look like Latin ones (from the confusables data): a word mixing
Latin with them is written to deceive. Styled letters (mathematical, fullwidth, which NFKC
turns into plain ones) are not a script: ``ℝ`` in maths is not a disguise."""


def _mixed_part(part: str) -> bool:
    """One word of a token mixes Latin with look-alike letters of another script, and is a
    word (four letters or more, two of them ASCII: not ``Cα`` or ``xα``, which are maths)."""
    found = scripts(part)
    return ("LATIN" in found and bool(found & _SPOOFING) and len(part) >= 4
            and sum(c.isascii() and c.isalpha() for c in part) >= 2
            and _INSIDE.search(part) is not None)


def _token_at(text: str, offset: int) -> tuple[int, int]:
    start = offset
    while start > 0 and offset - start < _TOKEN_REACH and _TOKEN_CHARS.match(text[start - 1]):
        start -= 1
    end = offset + 1
    while end < len(text) and end - offset < _TOKEN_REACH and _TOKEN_CHARS.match(text[end]):
        end += 1
    return start, end


def lookalike_tokens(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, token, what it reads as) of every word, package name, host or URL written
    with look-alike letters: Latin mixed with Cyrillic, Greek, Armenian or Cherokee letters
    that look like Latin ones (``reqуests``, ``gіthub.com``), or a host or URL otherwise in
    ASCII with a Latin look-alike (``loɡin.example.com``). Words wholly in another script
    (Russian, Greek prose) and internationalised names in one script are not."""
    first = _ANY_LOOKALIKE.search(text)
    if first is None:
        return  # one pass of a character class is far cheaper than the pattern
    done = -1
    for match in _MIXED.finditer(text, max(0, first.start() - 1)):
        if match.start() < done:
            continue
        start, end = _token_at(text, match.start() + (0 if match.group()[0] in _LOOKALIKES
                                                      else 1))
        done = end
        token = text[start:end].strip(".-/:@~+%")
        if not token or len(token) > 2 * _TOKEN_REACH:
            continue
        shape = skeleton(token)
        if not shape.isascii() or shape == token.casefold():
            continue
        hostish = _HOSTISH.search(token) is not None
        parts = [part for part in _PARTS.split(token) if part]
        if any(_mixed_part(part) for part in parts) or (hostish and "LATIN" in scripts(token)):
            yield start + text[start:end].find(token), token, shape


_PUNYCODE = re.compile(r"(?<![\w-])xn--[a-z0-9-]{1,59}(?![\w-])", re.IGNORECASE)


def punycode_tokens(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, token, what it reads as) of every host label written in punycode
    (``xn--...``) that decodes to Latin letters mixed with look-alike letters of another script
    (``xn--gthub-n2e`` is ``gіthub`` with a Cyrillic ``і``): the ASCII form hides the look-alike
    from a reader. A label wholly in another script (a company's own name in Cyrillic) or with
    accented Latin letters (``münchen``) is not."""
    if "xn--" not in text.lower():
        return
    for match in _PUNYCODE.finditer(text):
        try:
            decoded = match.group()[4:].encode("ascii").decode("punycode")
        except (UnicodeError, ValueError):
            continue
        if _mixed_part(decoded) or (any(c in _CONFUSABLE_SOURCE for c in decoded)
                                    and any(c.isascii() and c.isalpha() for c in decoded)
                                    and skeleton(decoded).isascii()):
            start, end = _token_at(text, match.start())
            token = text[start:end].strip(".-/:@~+%")
            yield start + text[start:end].find(token), token, token.replace(
                match.group(), skeleton(decoded))
