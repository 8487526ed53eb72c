"""Files that are not UTF-8 read as what they are: text in another encoding (UTF-16/32, a
legacy 8-bit code page), text with NUL bytes in it, text behind a binary signature, a gzip or
zip archive of data. What the catalog shows as binary is then read as the agent would read it,
and a file is reported for being unreadable to a reviewer only when that hides something."""

from __future__ import annotations

import dataclasses as dc
import io
import re
import zipfile
import zlib

_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"),
)
_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG", "PNG"), (b"\xff\xd8\xff", "JPEG"), (b"GIF8", "GIF"), (b"%PDF", "PDF"),
    (b"SQLite format 3\x00", "SQLite"), (b"\x1f\x8b", "gzip"), (b"PK\x03\x04", "zip"),
    (b"\x7fELF", "ELF"), (b"BM", "BMP"), (b"RIFF", "RIFF"), (b"wOFF", "WOFF"),
)
_HEADER = 100
"""Bytes of a signature's header skipped before asking whether the rest is text."""
_SAMPLE = 8192
_OUTWARD = re.compile(
    r"https?://|\b(curl|wget|iex|irm|iwr|Invoke-(WebRequest|RestMethod|Expression)|eval|exec|"
    r"urllib|requests|socket|scp|rsync|nc|ftp|sudo|base64|upload\w*|exfil\w*)\b", re.IGNORECASE)
"""What makes unreadable text worth a warning: it fetches, sends or runs something (a
glossary or a comment in another code page is not, and is read as text all the same)."""
_DATA_SUFFIXES = (".csv", ".tsv", ".json", ".jsonl", ".ndjson", ".txt", ".md", ".xml", ".yaml",
                  ".yml", ".parquet", ".xlsx", ".xls", ".docx", ".doc", ".pptx", ".odt", ".ods",
                  ".odp", ".pdf", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".dotx", ".potx",
                  ".xltx", ".rtf", ".log", ".tex", ".bib", ".po", ".mo", ".srt", ".vtt",
                  ".ttf", ".otf", ".woff", ".woff2", ".ico", ".bmp", ".tif", ".tiff", ".wav",
                  ".mp3", ".ogg", ".flac", ".avro", ".orc", ".feather", ".npy", ".npz",
                  ".sqlite", ".db")
"""Members of an archive that are data, documents or media: nothing in them runs."""
MAX_MEMBERS = 10_000
"""Members of a zip archive listed at most (its central directory: names only)."""


@dc.dataclass(slots=True, frozen=True)
class Decoded:
    """A file that is not UTF-8, read as text: ``why`` it was not, and whether that is worth
    a warning (None: read, nothing to report)."""

    text: str
    why: str | None


def _printable(data: bytes) -> float:
    """Share of ``data`` that is printable ASCII or whitespace (0 for nothing)."""
    if not data:
        return 0.0
    plain = sum(1 for b in data if 32 <= b < 127 or b in (9, 10, 13))
    return plain / len(data)


def _legacy(data: bytes) -> str | None:
    """``data`` as text in a legacy 8-bit code page (Windows-1252, else Latin-1): no control
    bytes but tab and line ends, and at most one byte in 4 outside ASCII (accented words)."""
    if any(b < 32 and b not in (9, 10, 12, 13) for b in data[:_SAMPLE * 8]):
        return None
    if sum(1 for b in data[:_SAMPLE * 8] if b >= 128) * 4 > min(len(data), _SAMPLE * 8):
        return None
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _wide(data: bytes) -> str | None:
    """UTF-16 or UTF-32 text, by its byte-order mark or by NULs in every other byte."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(codec, "replace")
    sample = data[:_SAMPLE]
    if len(sample) >= 8:
        odd, even = sample[1::2], sample[0::2]
        for zeros, chars, codec in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
            if (zeros.count(0) * 10 >= len(zeros) * 9 and chars.count(0) * 10 < len(chars)
                    and _printable(chars) > 0.9):
                return data.decode(codec, "replace")
    return None


def _behind_signature(data: bytes) -> tuple[str, str] | None:
    """(kind, text): a file that opens with a binary format's signature but whose body, past
    the header and with its NULs left out, is plain text with words (a script behind a PNG
    header): what follows the signature is read as text."""
    for magic, kind in _SIGNATURES:
        if data.startswith(magic):
            rest = data[max(len(magic), min(_HEADER, len(data) // 4)):]
            body = rest.replace(b"\x00", b"")
            if (len(body) >= 40 and _printable(body[:_SAMPLE]) >= 0.98
                    and re.search(rb"[ -~]{30,}", body[:_SAMPLE]) is not None
                    and b" " in body[:_SAMPLE]):
                return kind, body.decode("utf-8", "replace")
            return None
    return None


def as_text(data: bytes) -> Decoded | None:
    """``data`` (a file that is not UTF-8) read as text, or None when it is binary."""
    disguised = _behind_signature(data)
    if disguised is not None:
        kind, text = disguised
        return Decoded(text, f"opens with a {kind} signature but is text behind it: the "
                             "catalog shows a binary file, an agent told to read or run it "
                             "reads text")
    wide = _wide(data)
    if wide is not None:
        return Decoded(wide, _warn(wide, "is UTF-16 or UTF-32 text: the catalog shows it as "
                                         "a binary file, so a reader does not see what an "
                                         "agent reads"))
    if b"\x00" in data:
        stripped = data.replace(b"\x00", b"")
        if stripped and _printable(stripped[:_SAMPLE]) >= 0.9:
            return Decoded(stripped.decode("utf-8", "replace"),
                           "is text with NUL bytes in it: the catalog shows it as a binary "
                           "file and tools that stop at a NUL do not show what follows, which "
                           "an agent reads")
        return None
    legacy = _legacy(data)
    if legacy is not None:
        return Decoded(legacy, _warn(legacy, "is text in a legacy encoding (not UTF-8): the "
                                             "catalog shows it as a binary file, so a reader "
                                             "does not see what an agent reads"))
    return None


def _warn(text: str, why: str) -> str | None:
    """``why`` when ``text`` fetches, sends or runs something (:data:`_OUTWARD`), else None."""
    return why if _OUTWARD.search(text) is not None else None


def data_archive(relpath: str, data: bytes) -> bool | str:
    """A gzip file of one data file (``sales.csv.gz``) or a zip archive whose members are
    all data, documents or media (:data:`_DATA_SUFFIXES`): nothing in it runs. For gzip, the
    decompressed text (up to ``len(data) * 64`` and 1 MiB) when it is text, True when it is
    data but not text; False for any other archive."""
    lower = relpath.lower()
    if data.startswith(b"\x1f\x8b") and lower.endswith(".gz") and not lower.endswith(
            (".tar.gz", ".tgz")) and lower[:-3].endswith(_DATA_SUFFIXES):
        try:
            inflated = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, 1 << 20)
        except zlib.error:
            return False
        try:
            return inflated.decode("utf-8")
        except UnicodeDecodeError:
            return True
    if data.startswith(b"PK\x03\x04") and lower.endswith(".zip"):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                names = archive.namelist()
        except (zipfile.BadZipFile, ValueError, OSError):
            return False
        return 0 < len(names) <= MAX_MEMBERS and all(
            name.endswith("/") or name.lower().endswith(_DATA_SUFFIXES) for name in names)
    return False


_RUNS = re.compile(
    rb"\b(curl|wget)\s|\bfetch\s*\(|require\(['\"](https?|child_process)['\"]\)|XMLHttpRequest|"
    rb"sendBeacon|document\.cookie|child_process|subprocess|os\.system|\beval\s*\(|\bexec\s*\(|"
    rb"\bspawn\s*\(|urlopen|requests\.(get|post)|Invoke-(WebRequest|RestMethod|Expression)|"
    rb"\biex\b|base64\s+-d|\|\s*(ba|z)?sh\b|postinstall|preinstall", re.IGNORECASE)
"""Code that fetches, sends or runs something."""


def runs_code(data: bytes) -> bool:
    """``data`` (the part of a long file past what a reader reads) holds code that fetches,
    sends or runs something (:data:`_RUNS`); one linear search."""
    return _RUNS.search(data) is not None
