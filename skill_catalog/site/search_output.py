"""The site's search files: ``search-index.json`` for tools and ``search/*.js`` for the page."""

from __future__ import annotations

import tempfile
from pathlib import Path

from skill_catalog.search.files import write_index
from skill_catalog.search.index import build_index
from skill_catalog.site.context import SiteContext
from skill_catalog.site.output import OutputTree

PAGE_SCRIPTS = ("search/meta.js", "assets/search.js")
"""What the index page loads, in order, relative to the site root."""


def write(ctx: SiteContext, out: OutputTree) -> None:
    """Write the index files (the index page loads :data:`PAGE_SCRIPTS`)."""
    urls = {id(s.skill): s.url for s in ctx.skills}
    index = build_index([s.skill for s in ctx.skills], url_for=lambda skill: urls[id(skill)])
    with tempfile.TemporaryDirectory(prefix="skill-catalog-search-") as tmp:
        for relpath in write_index(index, Path(tmp)):
            out.copy_file(relpath, Path(tmp) / relpath)
