"""The site's search files: ``search-index.json`` for tools and ``search/*.js`` for the page."""

from __future__ import annotations

from skill_catalog.search.files import INDEX_FILE, index_files
from skill_catalog.search.index import build_index
from skill_catalog.site.context import SiteContext
from skill_catalog.site.output import OutputTree

PAGE_SCRIPTS = ("search/meta.js", "assets/search.js")
"""What the index page loads, in order, relative to the site root."""


def write(ctx: SiteContext, out: OutputTree, *, browser: bool = True) -> None:
    """Write ``search-index.json`` and, with ``browser``, the index page's ``search/`` files
    (the index page loads :data:`PAGE_SCRIPTS`)."""
    urls = {id(s.skill): s.url for s in ctx.skills}
    index = build_index([s.skill for s in ctx.skills], url_for=lambda skill: urls[id(skill)])
    for relpath, text in index_files(index):
        if browser or relpath == INDEX_FILE:
            out.write_text(relpath, text)
