"""Byte-stable encodings of the machine-readable outputs: JSON, XML text, plain text.

The same catalog must give the same bytes on every build, so JSON objects are written with
sorted keys (lists keep the order the caller chose), UTF-8 without ASCII escaping, and no
timestamps. Strings read from a library can hold lone surrogates (a YAML ``"\\ud800"`` escape, a
file name that is not UTF-8); they are never allowed to crash a build.
"""

from __future__ import annotations

import json
import re
from typing import Any
from xml.sax.saxutils import escape

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
    return escape(_XML_ILLEGAL.sub("", text), {'"': "&quot;", "'": "&apos;"})
