"""Byte-stable encodings of the machine-readable outputs: JSON, XML text, plain text.

The same catalog must give the same bytes on every build, so JSON objects are written with
sorted keys (lists keep the order the caller chose), UTF-8 without ASCII escaping, and no
timestamps. Strings read from a library can hold lone surrogates (a YAML ``"\\ud800"`` escape, a
file name that is not UTF-8); they are never allowed to crash a build.
"""

from __future__ import annotations

import dataclasses as dc
import json
import re
from collections.abc import Iterable
from typing import IO, Any

from skill_catalog.fs.safe_fs import EarlierFile

_CONTROL = re.compile("[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f]")
"""Control characters that ``str.split`` does not take for white space."""
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def json_bytes(document: Any) -> bytes:
    """``document`` as indented JSON with sorted keys, ending with a newline.

    A lone surrogate cannot be encoded as UTF-8; it is written as its ``\\uXXXX`` escape, which
    is what ``ensure_ascii`` would do and what every JSON reader accepts.
    """
    text = json.dumps(document, ensure_ascii=False, sort_keys=True, indent=2,
                      allow_nan=False) + "\n"
    return text.encode("utf-8", "backslashreplace")


_HOLE = "\x00items\x00"


@dc.dataclass(slots=True, frozen=True)
class Encoded:
    """An item of :func:`write_json_streamed` already encoded, as it wrote it before (see
    :func:`streamed_spans`): written as it is."""

    text: str


def write_json_streamed(target: IO[bytes], document: dict[str, Any], key: str,
                        items: Iterable[Any]) -> None:
    """Write ``document`` as :func:`json_bytes` would, with ``document[key]`` the list
    ``items``, serialised one at a time and each on a line of its own (a catalog of 10,000
    skills is never held as one document or one string; one line per item also keeps the
    file easy to grep and lets the fast C encoder do the work)."""
    text = json_bytes({**document, key: _HOLE}).decode("utf-8")
    hole = json.dumps(_HOLE)
    at = text.index(hole)
    head, tail = text[:at], text[at + len(hole):]
    indent = _indent_of(head) + "  "
    target.write(head.encode("utf-8"))
    first = True
    for item in items:
        line = (item.text if isinstance(item, Encoded)
                else json.dumps(item, ensure_ascii=False, sort_keys=True, allow_nan=False))
        target.write((("[\n" if first else ",\n") + indent + line)
                     .encode("utf-8", "backslashreplace"))
        first = False
    target.write(("[]" if first else "\n" + indent[:-2] + "]").encode("utf-8"))
    target.write(tail.encode("utf-8"))


@dc.dataclass(slots=True, frozen=True)
class Earlier:
    """An item as an earlier document written by :func:`write_json_streamed` holds it."""

    source: EarlierFile
    start: int
    end: int

    def encoded(self) -> Encoded | None:
        text = self.source.read(self.start, self.end)
        return None if text is None else Encoded(text)


def streamed_spans(handle: IO[bytes], key: str, count: int,
                   digest: Any = None) -> list[tuple[int, int]] | None:
    """Where each of the ``count`` items of list ``key`` lies in the document that ``handle``
    reads (from its start), as :func:`write_json_streamed` wrote it: the [start, end) of the
    text it wrote for each; None when the document is not laid out so. The document is parsed
    separately, which tells ``count``. Strings cannot hold a line break, so the items are the
    lines after the one that opens the list (``key`` is one of the document's own keys:
    indented by two spaces), each indented, and followed by a comma but the last. Reads a
    line at a time, feeding ``digest`` (a hashlib object) with every byte if one is given."""
    opening = ("  " + json.dumps(key) + ": [\n").encode("utf-8")
    spans: list[tuple[int, int]] = []
    position, stage = 0, "before"
    for line in handle:
        if digest is not None:
            digest.update(line)
        if stage == "items" and len(spans) < count:
            if not line.endswith(b"\n"):
                return None
            start = position + len(line) - len(line.lstrip(b" "))
            end = position + len(line) - (2 if line.endswith(b",\n") else 1)
            spans.append((start, end))
        elif stage == "items":
            if not line.lstrip(b" ").startswith(b"]"):
                return None
            stage = "after"  # the rest only feeds the digest
        elif stage == "before" and line == opening:
            stage = "items"
        position += len(line)
    return spans if count and stage == "after" else None


def _indent_of(head: str) -> str:
    """The indentation of the line ``head`` ends in (the line that opens the hole)."""
    line = head.rpartition("\n")[2]
    return line[: len(line) - len(line.lstrip(" "))]


def clean_text(text: str) -> str:
    """``text`` with lone surrogates replaced, safe to encode as UTF-8."""
    return text.encode("utf-8", "replace").decode("utf-8")


def plain_line(text: str) -> str:
    """``text`` with every run of white space (newlines included) made one space and every
    other control character (escape sequences, BEL ...) removed: llms.txt goes to language
    models and terminals."""
    return " ".join(_CONTROL.sub("", clean_text(text)).split())


def xml_text(text: str) -> str:
    """``text`` escaped for an XML element, with characters XML 1.0 forbids removed."""
    # xml.sax.saxutils.escape would import urllib.request and http.client (25 ms).
    return (_XML_ILLEGAL.sub("", text).replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;").replace("'", "&apos;"))
