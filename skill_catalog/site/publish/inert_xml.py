"""Whether an SVG or XML file is inert: nothing in it a browser would run or fetch.

A skill's logo in ``assets/logo.svg`` is an image, its ``schema.xsd`` or ``feed.rss`` data (hosts
serve them as XML types: :mod:`~skill_catalog.site.publish.media_types`); served from the site's
origin, an SVG or XML file with a script would run with that origin. :func:`active_reason`
parses the file (expat, the standard library's XML parser; never a regular expression) and gives
the first thing that is not inert, or None:

- a document type declaration (it can declare entities, load an external DTD, or expand to
  billions of characters: refused before anything is expanded);
- a processing instruction (``<?xml-stylesheet?>`` loads a style sheet or an XSLT program);
- a ``script``, ``foreignObject``, ``iframe``, ``embed``, ``object``, ``handler`` or
  ``listener`` element, or any element in the XHTML namespace;
- an event handler attribute (any attribute whose local name starts with ``on``);
- a reference that is not to a fragment of the same file: an ``href``, ``src`` or
  ``xlink:href`` not starting with ``#``, a ``url(...)`` in a style not starting with ``#``,
  an ``@import``, or ``javascript:`` anywhere in an attribute or a style;
- an animation (``set``, ``animate``) that changes a reference or an event handler;
- a file that is not well-formed XML, or larger than :data:`MAX_BYTES`.
"""

from __future__ import annotations

import re
from typing import BinaryIO
from xml.parsers import expat

MAX_BYTES = 8 << 20
"""Larger files are not checked (and so not counted as inert)."""
XHTML = "http://www.w3.org/1999/xhtml"
_ACTIVE_ELEMENTS = frozenset({"script", "foreignobject", "iframe", "embed", "object",
                              "handler", "listener"})
_ANIMATIONS = frozenset({"set", "animate", "animatemotion", "animatetransform",
                         "animatecolor"})
_REFERENCES = frozenset({"href", "src"})
_URL = re.compile(r"url\s*\(\s*['\"]?\s*([^)'\"\s]*)", re.IGNORECASE)
_CHUNK = 1 << 16


class _Active(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _local(name: str) -> tuple[str, str]:
    """(namespace, local name) of an expat name split by a space."""
    namespace, _, local = name.rpartition(" ")
    return namespace, local


def _style_reason(text: str) -> str | None:
    lowered = text.lower()
    if "@import" in lowered:
        return "a style imports another style sheet (@import)"
    if "javascript:" in lowered.replace(" ", ""):
        return "a style holds a javascript: reference"
    for match in _URL.finditer(text):
        if not match.group(1).startswith("#"):
            return f"a style refers to another file or address (url({match.group(1)}))"
    return None


def _element(name: str, attributes: dict[str, str]) -> None:
    namespace, local = _local(name)
    lowered = local.lower()
    if namespace == XHTML:
        raise _Active(f"it holds XHTML content (<{local}>)")
    if lowered in _ACTIVE_ELEMENTS:
        raise _Active(f"it holds a <{local}> element")
    for attribute, value in attributes.items():
        attr = _local(attribute)[1].lower()
        if attr.startswith("on"):
            raise _Active(f"<{local}> has an event handler ({attr})")
        if "javascript:" in value.lower().replace(" ", "").replace("\t", ""):
            raise _Active(f"<{local}> {attr} holds a javascript: reference")
        if attr in _REFERENCES and not value.strip().startswith("#"):
            raise _Active(f"<{local}> refers to another file or address ({attr}={value!r})")
        if attr == "style" and (reason := _style_reason(value)) is not None:
            raise _Active(reason)
        if lowered in _ANIMATIONS and attr == "attributename":
            target = _local(value.replace(":", " "))[1].lower()
            if target in _REFERENCES or target.startswith("on"):
                raise _Active(f"<{local}> animates {value}")


def active_reason(source: BinaryIO) -> str | None:
    """Why the SVG or XML read from ``source`` is not inert, or None when it is."""
    parser = expat.ParserCreate(namespace_separator=" ")
    styles: list[list[str]] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        _element(name, attributes)
        if _local(name)[1].lower() == "style":
            styles.append([])

    def end(name: str) -> None:
        if _local(name)[1].lower() == "style" and styles:
            reason = _style_reason("".join(styles.pop()))
            if reason is not None:
                raise _Active(reason)

    def text(data: str) -> None:
        if styles:
            styles[-1].append(data)

    def doctype(*_args: object) -> None:
        raise _Active("it has a document type declaration (<!DOCTYPE>), which can declare "
                      "entities or load an external DTD")

    def instruction(target: str, _data: str) -> None:
        raise _Active(f"it holds a processing instruction (<?{target}?>)")

    def entity(*_args: object) -> None:
        raise _Active("it declares an entity")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = doctype
    parser.ProcessingInstructionHandler = instruction
    parser.EntityDeclHandler = entity
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    read = 0
    try:
        while chunk := source.read(_CHUNK):
            read += len(chunk)
            if read > MAX_BYTES:
                return f"it is larger than {MAX_BYTES >> 20} MiB, too large to check"
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _Active as exc:
        return exc.reason
    except expat.ExpatError as exc:
        return f"it is not well-formed XML ({expat.ErrorString(exc.code)}, line {exc.lineno})"
    return None
