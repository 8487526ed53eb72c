"""Unicode data the hidden-text and look-alike checks use, from maintained sources, never
copied by hand:

- the format characters (category Cf), pinned to the Unicode version of the Python that
  generated them (``python -m skill_catalog.trust.unicode_tables`` prints them again;
  ``tests/test_trust_text.py`` recomputes them from :mod:`unicodedata`);
- in ``unicode_data.json`` beside this module: Unicode's Default_Ignorable_Code_Point and
  Bidi_Control properties as the ``regex`` package has them (:mod:`unicodedata` does not carry
  them), and the letters and digits Unicode's confusables.txt gives as look-alikes of an ASCII
  letter or digit, as the ``confusable_homoglyphs`` package ships it.
  ``python -m skill_catalog.trust.unicode_tables --write`` regenerates the file from those
  packages (installed with the ``test`` extra, not at run time);
  ``tests/test_trust_unicode_data.py`` checks that the shipped file equals what they give
  today.

Computing any of it at import would read every code point on every start (about 0.2 s)."""

from __future__ import annotations

import json
import sys
import unicodedata
from importlib import resources
from pathlib import Path
from typing import Any

from skill_catalog.fs.safe_write import write_file

UNICODE_VERSION = "14.0.0"
FORMAT_CHARACTERS: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD), (0x070F, 0x070F),
    (0x0890, 0x0891), (0x08E2, 0x08E2), (0x180E, 0x180E), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x2064), (0x2066, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD),
    (0x110CD, 0x110CD), (0x13430, 0x13438), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001), (0xE0020, 0xE007F),
)
"""Every character of general category Cf (format), as ranges."""
PREPENDED_MARKS: frozenset[int] = frozenset(
    {*range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD})
"""Format characters that are shown (Unicode's Prepended_Concatenation_Mark: Arabic number
signs, the Syriac abbreviation mark): not invisible."""


def format_ranges() -> tuple[tuple[int, int], ...]:
    """:data:`FORMAT_CHARACTERS` as this Python's :mod:`unicodedata` has it."""
    ranges: list[tuple[int, int]] = []
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) == "Cf":
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return tuple(ranges)


DATA = "unicode_data.json"
_ASCII_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _property_ranges(regex_module: Any, name: str) -> list[list[int]]:
    """The code points with Unicode property ``name`` (``\\p{...}`` of the ``regex``
    package), as [first, last] ranges."""
    pattern = regex_module.compile(rf"\p{{{name}}}")
    ranges: list[list[int]] = []
    for code in range(sys.maxunicode + 1):
        if 0xD800 <= code <= 0xDFFF:
            continue
        if pattern.match(chr(code)):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
    return ranges


def derive(regex_module: Any, confusables: dict[str, Any], versions: dict[str, str]
           ) -> dict[str, Any]:
    """The data file's content from its sources: the ``regex`` module and
    ``confusable_homoglyphs``' ``confusables.json`` (ASCII character -> its look-alikes).
    A look-alike is kept when it is one code point, not ASCII, and a letter or a decimal
    digit (confusables.txt also lists symbols and marks, which no name or host is written in)."""
    lookalikes: dict[str, str] = {}
    for target in _ASCII_ALNUM:
        for entry in confusables.get(target, []):
            char = entry["c"]
            if len(char) != 1 or char.isascii():
                continue
            category = unicodedata.category(char)
            if category.startswith("L") or category == "Nd":
                lookalikes.setdefault(char, target.lower())
    return {
        "sources": dict(sorted(versions.items())),
        "default_ignorable": _property_ranges(regex_module, "Default_Ignorable_Code_Point"),
        "bidi_control": _property_ranges(regex_module, "Bidi_Control"),
        "confusable_letters": dict(sorted(lookalikes.items())),
    }


def generate() -> dict[str, Any]:
    """:func:`derive` from the installed ``regex`` and ``confusable_homoglyphs`` packages."""
    import importlib.metadata as metadata

    import confusable_homoglyphs  # type: ignore[import-untyped]
    import regex  # type: ignore[import-untyped]

    folder = resources.files(confusable_homoglyphs)
    confusables = json.loads(folder.joinpath("confusables.json").read_text(encoding="utf-8"))
    return derive(regex, confusables, {
        "regex": metadata.version("regex"),
        "confusable_homoglyphs": metadata.version("confusable_homoglyphs")})


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=0, sort_keys=True, ensure_ascii=True) + "\n"


def shipped() -> dict[str, Any]:
    """The shipped data file as it is."""
    text = resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_SHIPPED = shipped()
DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a, b in _SHIPPED["default_ignorable"])
"""Unicode's Default_Ignorable_Code_Point: characters a renderer shows as nothing (format
characters, fillers such as U+3164, variation selectors, tag characters, the reserved ones)."""
BIDI_CONTROLS: frozenset[int] = frozenset(
    c for a, b in _SHIPPED["bidi_control"] for c in range(a, b + 1))
"""Unicode's Bidi_Control: embeddings, overrides, isolates and the three direction marks."""
CONFUSABLE_LETTERS: dict[str, str] = dict(_SHIPPED["confusable_letters"])
"""Letters and digits of other scripts (and styled Latin) that Unicode's confusables.txt gives
as look-alikes of an ASCII letter or digit, each with the lowercase ASCII it looks like."""


if __name__ == "__main__":  # pragma: no cover - regenerates the tables
    if sys.argv[1:] == ["--write"]:
        target = resources.files(__package__ or "skill_catalog.trust").joinpath(DATA)
        write_file(Path(str(target)), dumps(generate()).encode("utf-8"))
    else:
        print(f'UNICODE_VERSION = "{unicodedata.unidata_version}"')
        print(", ".join(f"(0x{a:04X}, 0x{b:04X})" for a, b in format_ranges()))
