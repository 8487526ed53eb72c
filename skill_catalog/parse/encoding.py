"""Bytes -> text, with every tolerated oddity recorded and every fatal one explained."""

from __future__ import annotations

import dataclasses as dc

from skill_catalog.model import SourceInfo

_BOMS = (
    (b"\x00\x00\xfe\xff", "UTF-32 (big-endian)"),
    (b"\xff\xfe\x00\x00", "UTF-32 (little-endian)"),
    (b"\xfe\xff", "UTF-16 (big-endian)"),
    (b"\xff\xfe", "UTF-16 (little-endian)"),
)


@dc.dataclass(slots=True, frozen=True)
class DecodeProblem:
    code: str
    message: str
    line: int | None = None
    column: int | None = None


@dc.dataclass(slots=True, frozen=True)
class Decoded:
    text: str
    """The text with a BOM removed and every line ending turned into ``\\n``."""
    source: SourceInfo


def _position(data: bytes, offset: int) -> tuple[int, int]:
    line_start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, offset - line_start + 1


def decode(data: bytes) -> Decoded | DecodeProblem:
    """Decode SKILL.md bytes as UTF-8, or say precisely why not."""
    if not data or data.isspace():  # nothing but ASCII whitespace, like ``not data.strip()``
        return DecodeProblem("SC010", "SKILL.md is empty: write YAML frontmatter (---) with name "
                             "and description, then the instructions")
    for marker, label in _BOMS:
        if data.startswith(marker):
            return DecodeProblem("SC011", f"SKILL.md is encoded as {label} (byte order mark "
                                 "found): re-save it as UTF-8", 1, 1)
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _position(data, nul)
        return DecodeProblem("SC012", "SKILL.md contains NUL bytes: it is a binary file or "
                             "UTF-16 without a byte order mark; re-save it as UTF-8 text",
                             line, col)
    bom = data.startswith(b"\xef\xbb\xbf")
    if bom:
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _position(data, exc.start)
        byte = data[exc.start]
        guess = ""
        if _looks_like_latin1(data):
            guess = " It looks like Latin-1 or Windows-1252."
        return DecodeProblem("SC011", f"SKILL.md is not valid UTF-8 (byte 0x{byte:02X} cannot "
                             f"be decoded).{guess} Re-save the file as UTF-8", line, col)
    crlf = "\r\n" in text
    if crlf:
        text = text.replace("\r\n", "\n")
    lone_cr = "\r" in text
    if lone_cr:
        text = text.replace("\r", "\n")
    return Decoded(text, SourceInfo(bom=bom, crlf=crlf, lone_cr=lone_cr))


def _looks_like_latin1(data: bytes) -> bool:
    """True when every byte sequence is printable as cp1252 text."""
    try:
        decoded = data.decode("cp1252")
    except UnicodeDecodeError:
        return False
    return all(ch.isprintable() or ch in "\t\r\n" for ch in decoded)


def looks_binary(head: bytes, *, complete: bool = False) -> bool:
    """A file whose first bytes hold a NUL or do not decode as UTF-8 is treated as binary.

    ``complete`` says ``head`` is the whole file; otherwise a multi-byte character cut at the
    end of the sample is still text.
    """
    if b"\x00" in head:
        return True
    if head.isascii():
        return False  # ASCII is UTF-8: no need to decode
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return complete or exc.start < len(head) - 4
    return False
