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
    :func:`streamed_lines`): written as it is."""

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


def streamed_lines(text: str, key: str, count: int) -> list[str] | None:
    """The ``count`` items of list ``key`` in a document :func:`write_json_streamed` wrote, each
    as the text it wrote for it (to be written again as :class:`Encoded` when the item is
    unchanged: encoding is most of the cost of writing); None when ``text`` is not laid out
    so. The document is parsed separately, which tells ``count``; strings cannot hold a line
    break, so the items are the lines after the one that opens the list (``key`` is one of the
    document's own keys: they are indented by two spaces)."""
    opening = "\n  " + json.dumps(key) + ": [\n"
    at = text.find(opening)
    if count == 0 or at < 0:
        return None
    lines = text[at + len(opening):].split("\n", count)
    if len(lines) <= count or not lines[count].lstrip(" ").startswith("]"):
        return None
    return [line.lstrip(" ").removesuffix(",") for line in lines[:count]]


def _indent_of(head: str) -> str:
    """The indentation of the line ``head`` ends in (the line that opens the hole)."""
    line = head.rpartition("\n")[2]
    return line[: len(line) - len(line.lstrip(" "))]


def clean_text(text: str) -> str:
    """``text`` with lone surrogates replaced, safe to encode as UTF-8."""
    return text.encode("utf-8", "replace").decode("utf-8")


def one_line(text: str) -> str:
    """``text`` with every run of white space (newlines included) made one space and every
    other control character (escape sequences, BEL ...) removed: llms.txt goes to language
    models and terminals."""
    return " ".join(_CONTROL.sub("", clean_text(text)).split())


def xml_text(text: str) -> str:
    """``text`` escaped for an XML element, with characters XML 1.0 forbids removed."""
    # xml.sax.saxutils.escape would import urllib.request and http.client (25 ms).
    return (_XML_ILLEGAL.sub("", text).replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;").replace("'", "&apos;"))
