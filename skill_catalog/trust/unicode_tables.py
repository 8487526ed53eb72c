"""Unicode data the hidden-text checks use, pinned to the Unicode version of the Python that
generated it (``python -m skill_catalog.trust.unicode_tables`` prints it again):
``tests/test_trust_unicode.py`` recomputes it from :mod:`unicodedata` and fails when the pinned
copy disagrees with its source (equal on the same Unicode version, contained in a later one).
Computing it at import would read every code point on every start (about 0.2 s)."""

from __future__ import annotations

import sys
import unicodedata

UNICODE_VERSION = "14.0.0"
FORMAT_CHARACTERS: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD), (0x070F, 0x070F),
    (0x0890, 0x0891), (0x08E2, 0x08E2), (0x180E, 0x180E), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x2064), (0x2066, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD),
    (0x110CD, 0x110CD), (0x13430, 0x13438), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001), (0xE0020, 0xE007F),
)
"""Every character of general category Cf (format), as ranges."""
OTHER_DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180D), (0x180F, 0x180F),
    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF),
)
"""Default-ignorable characters that are not Cf (Unicode's Other_Default_Ignorable_Code_Point
and variation selectors, from DerivedCoreProperties.txt, which :mod:`unicodedata` does not
carry): invisible fillers, the combining grapheme joiner, Mongolian free variation selectors,
variation selectors."""
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


if __name__ == "__main__":  # pragma: no cover - regenerates the table above
    print(f'UNICODE_VERSION = "{unicodedata.unidata_version}"')
    print(", ".join(f"(0x{a:04X}, 0x{b:04X})" for a, b in format_ranges()))
