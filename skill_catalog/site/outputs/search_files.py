"""The site's search files: ``search-index.json`` for tools and ``search/*.js`` for the page."""

from __future__ import annotations

import dataclasses as dc

from skill_catalog.search.files import INDEX_FILE, index_files
from skill_catalog.search.index import Document, documents, index_documents
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.write.output import OutputTree, SiteWide

PAGE_SCRIPTS = ("search/meta.js", "assets/search.js")
"""What the index page loads, in order, relative to the site root."""


def write(ctx: SiteContext, out: OutputTree, *, browser: bool = True,
          site_wide: SiteWide | None = None) -> None:
    """Write ``search-index.json`` and, with ``browser``, the index page's ``search/`` files
    (the index page loads :data:`PAGE_SCRIPTS`); with ``site_wide`` (an incremental build's),
    the previous site's files are kept when the documents are the same."""
    urls = {id(s.skill): s.url for s in ctx.skills}
    docs = documents([s.skill for s in ctx.skills], url_for=lambda skill: urls[id(skill)])
    by_url = {s.url: s for s in ctx.skills}
    docs = [_shown(doc, by_url[doc.url]) for doc in docs]

    def write_files() -> None:
        for relpath, text in index_files(index_documents(docs), browser=browser):
            out.write_text(relpath, text)

    if site_wide is None:
        write_files()
    else:
        site_wide(out, "search" if browser else INDEX_FILE, docs, write_files)


def _shown(document: Document, site_skill: SiteSkill) -> Document:
    """``document`` less what a skill withheld for a secret may not show: its headings, and
    its description when the frontmatter holds the secret."""
    if site_skill.content_shown:
        return document
    return dc.replace(document, description=site_skill.description or "", headings="")
