"""Text the way the tools' runtimes count and sort it: JavaScript's UTF-16 lengths, Rust's UTF-8
byte counts, and ``localeCompare`` (ICU's root collation) for the tools that sort with it."""

from __future__ import annotations

import re
import unicodedata

# CLDR root order of the ASCII characters that are neither letters nor digits (whitespace,
# punctuation, then symbols); every one of them sorts before the digits, and digits before
# letters. Others fall back to their code point, after the letters.
_ASCII_ORDER = "\t\n\x0b\x0c\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789"
_PRIMARY = {c: i for i, c in enumerate(_ASCII_ORDER)}
_LETTERS = len(_ASCII_ORDER)


def _weights(char: str) -> tuple[int, int, int]:
    """(primary, secondary, tertiary) weight of one character: base letter, accent, case."""
    if char in _PRIMARY:
        return (_PRIMARY[char], 0, 0)
    decomposed = unicodedata.normalize("NFD", char)
    base = decomposed[0]
    accents = sum(ord(c) for c in decomposed[1:])
    lower = base.lower()
    if lower.isascii() and lower.isalpha():
        primary = _LETTERS + ord(lower) - ord("a")
    elif base.isalpha():
        primary = _LETTERS + 26 + ord(lower)
    else:
        primary = _LETTERS + 26 + 0x110000 + ord(base)
    return (primary, accents, 1 if base != lower else 0)


def collation_key(text: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """A sort key close to ICU's root collation (``a.localeCompare(b)`` in Node and Bun):
    punctuation before digits before letters, then accents, then lower case before upper."""
    weights = [_weights(c) for c in text]
    return (tuple(w[0] for w in weights), tuple(w[1] for w in weights),
            tuple(w[2] for w in weights))


def utf16_len(text: str) -> int:
    """``text.length`` in JavaScript."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def utf16_prefix(text: str, units: int) -> str:
    """``text.slice(0, units)`` in JavaScript (a cut inside a surrogate pair keeps the high
    half, as JavaScript does; here it becomes U+FFFD so the text stays valid)."""
    out: list[str] = []
    used = 0
    for char in text:
        size = 2 if ord(char) > 0xFFFF else 1
        if used + size > units:
            if used < units:
                out.append("\ufffd")
            break
        out.append(char)
        used += size
    return "".join(out)


def utf8_len(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def utf8_prefix(text: str, size: int) -> str:
    """The longest prefix of ``text`` at most ``size`` UTF-8 bytes long (never a broken
    character)."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= size:
        return text
    return data[:size].decode("utf-8", "ignore")


_RUST_WHITESPACE = re.compile(r"[\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029"
                              r"\u202f\u205f\u3000]+")


def single_line(text: str) -> str:
    """Rust's ``text.split_whitespace().collect::<Vec<_>>().join(" ")``."""
    return " ".join(part for part in _RUST_WHITESPACE.split(text) if part)
