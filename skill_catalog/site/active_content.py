"""Skill files a browser would run on the catalog's origin if the site served them as they are.

Every page of the site carries a Content-Security-Policy and holds only sanitised content, but
a skill's own files are copied as they are: an ``.html`` or ``.svg`` file served from the site
would run its scripts with the site's origin, outside any policy of ours (a static host cannot
be told to send one). So those copies are renamed or left out, and the scripts a page of the
origin could load are renamed too:

- ``skills/<slug>/raw/`` gets ``<relpath>.txt`` for them, which every host serves as text;
- ``.well-known/skills/`` (whose file names are fixed by the index) leaves out the document
  types; the zips carry every file.
"""

from __future__ import annotations

DOCUMENT_SUFFIXES = (".html", ".htm", ".xhtml", ".xht", ".shtml", ".svg", ".svgz", ".xml",
                     ".xsl", ".xslt", ".mht", ".mhtml")
"""Types a browser opens as a document that can run script (HTML, SVG, XML with XHTML)."""
SCRIPT_SUFFIXES = (".js", ".mjs")
"""Types a page of the same origin could load as a script (``script-src 'self'``)."""


def runs_as_document(name: str) -> bool:
    """True for a file name a browser would open as a scriptable document."""
    return name.lower().endswith(DOCUMENT_SUFFIXES)


def raw_name(relpath: str) -> str:
    """Where a skill file's raw copy goes below the skill's ``raw/`` folder: the relpath, with
    ``.txt`` appended for documents and scripts."""
    lowered = relpath.lower()
    return relpath + ".txt" if lowered.endswith(DOCUMENT_SUFFIXES + SCRIPT_SUFFIXES) else relpath
