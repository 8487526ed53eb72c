"""What web hosts serve a file name as, and whether a browser would run script in it.

A static host picks a file's ``Content-Type`` from its name's extension, by a table: GitHub
Pages and most Node servers by mime-db (the npm package), Apache and nginx on Debian and Python's
``http.server`` by ``/etc/mime.types`` (Debian's ``media-types``), Python by its own built-in
table too. Whether a browser opens the file as an active document (one that can run script
with the site's origin) follows from that type, not from a list of suffixes anyone thought of:
``.rss``, ``.kml``, ``.xsd`` or ``.xul`` are served as XML types, and an XML document holding an
XHTML ``<script>`` runs it.

``media_types.json`` beside this module is the union of mime-db's and ``media-types``' tables
(extension -> types), derived by :func:`derive` (``python -m
skill_catalog.site.publish.media_types DB_JSON MIME_TYPES`` writes it again);
``tests/test_media_types.py`` checks it agrees with both sources. Python's own built-in table is
added when the module is loaded. :func:`risk` classes a type, :func:`name_risk` a file name:

- :data:`DOCUMENT`: HTML, XHTML, MHTML, an HTML component: a browser runs its script;
- :data:`XML`: XML of any kind (``text/xml``, ``application/xml``, every ``+xml`` type, SVG,
  XSLT, MathML): a browser renders it as a document and runs the script of any XHTML or SVG in
  it; only a file that parses as inert XML (:mod:`~skill_catalog.site.publish.inert_xml`) may
  be served under such a name;
- :data:`SCRIPT`: JavaScript, which a page of the same origin could load as a script;
- :data:`INERT`: anything else (unknown extensions are served as ``application/octet-stream``,
  which browsers download).

A name's risk is the highest of every dot-separated extension's, not only the last: Apache maps
each extension of ``notes.html.x`` (the right-most one it knows wins, and it may know none), and
a host may serve ``logo.svg.gz`` as ``image/svg+xml`` with a gzip encoding. A name ending with
``.txt``, which every table knows, is text.
"""

from __future__ import annotations

import functools
import json
import mimetypes
import sys
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from skill_catalog.fs.safe_write import write_file

INERT, SCRIPT, XML, DOCUMENT = 0, 1, 2, 3
"""Risk levels, in increasing order."""
DATA = "media_types.json"
MHTML_TYPES = frozenset({"message/rfc822", "multipart/related", "application/x-mimearchive"})
"""Web archives (``.mht``): Chromium opens them as pages."""
COMPONENT_TYPES = frozenset({"text/x-component"})
"""HTML components (``.htc``), script that older browsers attach to a page."""
XSLT_WORDS = ("xsl",)
"""A type naming XSLT is a program (never counted as inert XML)."""
SCRIPT_WORDS = ("javascript", "ecmascript", "jscript")
PLAIN_TEXT = "txt"
"""The extension every table (mime-db, Debian's, Apache's and nginx's own, Python's) types as
``text/plain``: what neutral names end with."""


def risk(media_type: str) -> int:
    """How a browser treats a response of ``media_type`` (parameters ignored)."""
    essence = media_type.split(";", 1)[0].strip().lower()
    _top, _, subtype = essence.partition("/")
    if "html" in subtype or essence in MHTML_TYPES or essence in COMPONENT_TYPES:
        return DOCUMENT
    if any(word in subtype for word in XSLT_WORDS):
        return DOCUMENT
    if subtype.endswith("xml") or subtype.startswith("xml-") or essence == "text/mathml":
        return XML
    if any(word in subtype for word in SCRIPT_WORDS):
        return SCRIPT
    return INERT


def parse_mime_db(data: Mapping[str, Any]) -> dict[str, set[str]]:
    """mime-db's ``db.json`` (type -> {extensions: [...]}) as extension -> types."""
    table: dict[str, set[str]] = {}
    for media_type, entry in data.items():
        for extension in entry.get("extensions", ()):
            table.setdefault(extension.lower(), set()).add(media_type.lower())
    return table


def parse_mime_types(text: str) -> dict[str, set[str]]:
    """A ``mime.types`` file (``type ext ext...`` lines, ``#`` comments) as extension -> types."""
    table: dict[str, set[str]] = {}
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split()
        for extension in fields[1:]:
            table.setdefault(extension.lower(), set()).add(fields[0].lower())
    return table


def derive(mime_db: Mapping[str, Any], mime_types: str, *, versions: Mapping[str, str]
           ) -> dict[str, Any]:
    """The shipped data: the union of both tables, with the sources' versions."""
    table = parse_mime_db(mime_db)
    for extension, types in parse_mime_types(mime_types).items():
        table.setdefault(extension, set()).update(types)
    return {"sources": dict(sorted(versions.items())),
            "extensions": {ext: sorted(types) for ext, types in sorted(table.items())}}


def _python_table() -> dict[str, set[str]]:
    """Python's built-in table (``mimetypes``, strict and common types), which
    ``http.server`` reads besides ``/etc/mime.types``."""
    table: dict[str, set[str]] = {}
    for types_map in mimetypes.MimeTypes(filenames=()).types_map:
        for extension, media_type in types_map.items():
            table.setdefault(extension.lstrip(".").lower(), set()).add(media_type.lower())
    return table


def shipped() -> dict[str, Any]:
    """The shipped data (:data:`DATA`) as it is."""
    text = resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@functools.cache
def _risks() -> dict[str, int]:
    """extension (lower case, no dot) -> risk, for every extension some table types as
    anything but inert."""
    table = {ext: set(types) for ext, types in shipped()["extensions"].items()}
    for extension, types in _python_table().items():
        table.setdefault(extension, set()).update(types)
    risks = {ext: max(risk(t) for t in types) for ext, types in table.items()}
    return {ext: level for ext, level in risks.items() if level > INERT}


def extension_risk(extension: str) -> int:
    """The risk of an extension (without its dot, any case): the highest of its types'."""
    return _risks().get(extension.lower(), INERT)


def risky_extensions(level: int) -> frozenset[str]:
    """Every extension whose risk is ``level`` or higher."""
    return frozenset(ext for ext, found in _risks().items() if found >= level)


def _extensions(name: str) -> list[str]:
    """The dot-separated extensions of a file name (``a.tar.gz`` -> ``tar``, ``gz``), as a host
    sees them: trailing dots and spaces dropped (Windows), ``;`` ending a part (IIS)."""
    plain = name.rstrip(". ")
    return [part.split(";", 1)[0].strip() for part in plain.split(".")[1:]]


def name_risk(name: str) -> int:
    """The highest risk of any extension of ``name`` (a file name, no folder), unless its last
    extension is :data:`PLAIN_TEXT`: every host's table types that as ``text/plain``, and
    Apache gives a name the type of its right-most typed extension."""
    extensions = _extensions(name)
    if extensions and extensions[-1].lower() == PLAIN_TEXT:
        return INERT
    return max((extension_risk(ext) for ext in extensions), default=INERT)


def last_risk(name: str) -> int:
    """The risk of the last extension of ``name`` alone (what mime-db hosts serve it as)."""
    extensions = _extensions(name)
    return extension_risk(extensions[-1]) if extensions else INERT


def main(argv: Iterable[str]) -> int:
    """``python -m skill_catalog.site.publish.media_types DB_JSON MIME_TYPES MIME_DB_VERSION
    MEDIA_TYPES_VERSION``: write :data:`DATA` again from the sources."""
    db_path, types_path, db_version, types_version = list(argv)
    with open(db_path, encoding="utf-8") as handle:
        mime_db = json.load(handle)
    with open(types_path, encoding="utf-8") as handle:
        mime_types = handle.read()
    data = derive(mime_db, mime_types, versions={"mime-db": db_version,
                                                 "media-types": types_version})
    target = resources.files(__package__).joinpath(DATA)
    text = json.dumps(data, indent=0, sort_keys=True, ensure_ascii=True) + "\n"
    write_file(str(target), text.encode("utf-8"))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
