"""The pages the MkDocs adapter adds to a site: Markdown frames with HTML filled in afterwards.

A skill is untrusted content, and MkDocs' Markdown passes raw HTML through (and its extensions
and plugins rewrite the Markdown source: snippets, macros, abbreviations). So no byte of a skill
ever enters the Markdown MkDocs renders. Each generated page is a *frame*: a YAML title (JSON
encoded, HTML-escaped, since themes print ``page.title`` unescaped), section headings for the
table of contents, and empty placeholder elements. After MkDocs has rendered the frame, the
plugin swaps each placeholder for a fragment rendered here from its template,
``templates/mkdocs/<part>.html``, through the site's own Jinja environment
(:func:`~skill_catalog.site.page_environment`: every value autoescaped, as on the site's
pages); the body is rendered by the catalog's own sanitising renderer
(:func:`skill_catalog.site.markdown.render.render_markdown`). Nothing here imports MkDocs, and
no section's HTML is written here: only its template writes it (``tests/test_mkdocs_plugin.py``
renders every fragment from a probe theme's templates).

What a page says comes from the catalog's own view model, through :mod:`skill_catalog.site`
(the description, the frontmatter rows, file sizes and the files notice, the diagnostics' place
and message, the install routes, the counts, the status words, the display limits), and the
sentences it shares with the site's pages from the macros they use too
(``templates/facts.html``); only the layout is this theme's own (``templates/mkdocs/``: tables
that stack on a narrow screen, styled by :data:`CSS`)."""

from __future__ import annotations

import dataclasses as dc
import html
import json
import posixpath
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import jinja2

from skill_catalog.catalog import Catalog
from skill_catalog.display.human import NBSP
from skill_catalog.mkdocs_adapter.outputs import PublishedFile
from skill_catalog.model import Diagnostic, Skill, worst_first
from skill_catalog.search.files import INDEX_FILE
from skill_catalog.site import (
    CATALOG,
    INDEX,
    LLMS_TXT,
    MARKETPLACE,
    MAX_BODY_DISPLAY,
    MAX_LIBRARY_DIAGNOSTICS,
    MAX_LISTED_FILES,
    MAX_SKILL_DIAGNOSTICS,
    PAGE_IDS,
    PROMPT_FILE,
    V01,
    InstallRoutes,
    SiteSkill,
    card_description,
    clean_text,
    counts_of,
    description_view,
    diagnostic_view,
    files_notice,
    frontmatter_rows,
    plain_line,
    public_text,
    render_markdown,
    rewriter_for,
    secret_notice,
    size_label,
    trust_label,
    verdict_label,
)

TEMPLATES = "mkdocs/"
"""The folder of the fragments' templates, in the site's templates (one per placeholder)."""
PLACEHOLDER = '<div data-skill-catalog="{part}"></div>'
"""An empty raw-HTML block: Python-Markdown passes it through as it is, whatever extensions."""
SECTIONS = (("metadata", "Metadata"), ("body", "Instructions"), ("files", "Files"),
            ("install", "Install"), ("diagnostics", "Diagnostics"))
"""(placeholder, heading) of a skill page's sections, in page order, after the header
("install" only when the site carries the catalog's outputs)."""
BODY_TOP_HEADING = 3
"""The level of the body's first headings: it sits under the page's "Instructions" (``h2``),
and its headings follow as an outline below it, skipping no level, whatever the author's."""
RESERVED_IDS = PAGE_IDS | {"metadata", "instructions", "files", "install", "diagnostics",
                           "skills", "all-skills", "library-problems"}
"""Ids of the frame's own headings (MkDocs' toc slugs): the body's anchors avoid them."""
STYLESHEET = "skill-catalog.css"
"""Added to the site's ``extra_css`` (below the URL prefix); every rule is scoped to the classes
of the generated pages."""
CSS = """\
.skill-catalog-body { overflow-wrap: break-word; }
.skill-catalog-body .heading-anchor { margin-left: .3em; opacity: 0; text-decoration: none; }
.skill-catalog-body :is(h1, h2, h3, h4, h5, h6):hover > .heading-anchor,
.skill-catalog-body .heading-anchor:focus { opacity: .6; }
.skill-catalog-body pre { overflow-x: auto; }
.skill-catalog-body table { display: block; max-width: 100%; overflow-x: auto; }
.skill-catalog-body img { max-width: 100%; height: auto; }
.skill-catalog-scroll { max-width: 100%; overflow-x: auto; margin: 1em 0; }
.skill-catalog-table { border-collapse: collapse; width: 100%; margin: 0; }
.skill-catalog-table th, .skill-catalog-table td {
  border: 1px solid rgba(127, 127, 127, .3); padding: .3em .6em; text-align: left;
  vertical-align: top;
}
/* A word is broken only where it cannot fit the whole width: themes that let words break
   anywhere (Material, for links and code) would have a narrow column break every one. */
.skill-catalog-table :is(th, td, a, code) { word-break: normal; overflow-wrap: break-word; }
/* a command's words (paths, file names) are never broken, even at a hyphen */
.skill-catalog-nobr { white-space: nowrap; }
@media (max-width: 600px) {
  /* one block per row instead of columns squeezed to a few letters */
  .skill-catalog-stack, .skill-catalog-stack tbody, .skill-catalog-stack tr,
  .skill-catalog-stack td { display: block; width: auto; }
  .skill-catalog-stack thead {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  }
  .skill-catalog-stack tr { border: 1px solid rgba(127, 127, 127, .3); margin-bottom: .5em; }
  .skill-catalog-stack td { border: 0; padding: .15em .6em; }
  .skill-catalog-stack td:empty { display: none; }
  .skill-catalog-stack td[data-label]::before { content: attr(data-label) ": "; opacity: .7; }
}
"""
CATALOG_OUTPUTS = (
    (CATALOG, CATALOG),
    (INDEX_FILE, "search index"),
    (LLMS_TXT, LLMS_TXT),
    (PROMPT_FILE, "prompt fragment"),
    (f"{V01}/{INDEX}", "discovery index"),
)
"""(path from the site root, label) of the machine-readable outputs the index page links."""


@dc.dataclass(slots=True, frozen=True)
class SkillPage:
    """One skill's page: its place in the site, what became of its files, its zip's URL."""

    site_skill: SiteSkill
    files: tuple[PublishedFile, ...]
    archive_href: str | None
    """The skill's zip from its page, when the outputs are written and the skill is valid."""
    install: dict[str, Any] | None = None
    """The routes of the page's Install section (:func:`page_routes`), or None: none."""
    install_section: bool = False
    """Whether the page has an Install section (the site carries the catalog's outputs)."""
    last_changed: str | None = None
    """When the skill last changed (:mod:`skill_catalog.site.dates`; None: not known)."""

    @property
    def hrefs(self) -> dict[str, str]:
        """relpath -> raw copy URL, for every published file."""
        return {p.file.relpath: p.href for p in self.files if p.href is not None}


def text(value: str) -> str:
    """``value`` safe in HTML text and attribute values (lone surrogates replaced)."""
    return html.escape(clean_text(value), quote=True)


def relative_url(target: str, page_url: str) -> str:
    """``target`` (relative to the site root) as seen from the page at ``page_url`` (also
    relative to the site root: ``skills/pdf/`` or ``skills/pdf/index.html``)."""
    page_dir = page_url.rsplit("/", 1)[0] if "/" in page_url else ""
    rel = posixpath.relpath(target or ".", page_dir or ".")
    if rel == ".":
        return "./"
    return rel + "/" if target.endswith("/") else rel


def frame(title: str, parts: Sequence[tuple[str, str | None]]) -> str:
    """A Markdown page: the title as metadata, then for each (placeholder, heading) the heading
    (if any) and the placeholder element. ``title`` is the library owner's or a skill's;
    it is HTML-escaped (themes print it unescaped) and JSON-encoded (a valid YAML scalar)."""
    lines = ["---", f"title: {json.dumps(text(plain_line(title)), ensure_ascii=True)}", "---", ""]
    for part, heading in parts:
        if heading:
            lines += [f"## {heading}", ""]
        lines += [PLACEHOLDER.format(part=part), ""]
    return "\n".join(lines)


def skill_frame(skill: Skill, *, install: bool = True) -> str:
    """The Markdown of a skill page (its content comes from :func:`skill_fragments`); the
    Install section only when ``install``."""
    return frame(skill.key, [("header", None),
                             *(s for s in SECTIONS if install or s[0] != "install")])


def status(skill: Skill) -> str:
    """The site's badges of the skill's verdict and trust status, unless it is clean, on one
    line (``valid · trust: danger``), each unbroken."""
    labels = [verdict_label(skill)]
    if skill.trust.status != "clean":
        labels.append(trust_label(skill))
    return " · ".join(label.replace(" ", NBSP) for label in labels)


def fragment(env: jinja2.Environment, part: str, **context: Any) -> str:
    """The HTML of ``part`` of a page: its template, ``mkdocs/<part>.html``, rendered through
    the site's own environment (:func:`~skill_catalog.site.page_environment`: every value
    autoescaped, undefined names an error), lone surrogates replaced."""
    return clean_text(env.get_template(f"{TEMPLATES}{part}.html").render(context))


def _header(env: jinja2.Environment, page: SkillPage) -> str:
    site_skill = page.site_skill
    skill_md = next((p for p in page.files if p.file.category == "skill_md" and p.href), None)
    archive = page.archive_href and {"href": page.archive_href,
                                     "name": posixpath.basename(site_skill.archive)}
    return fragment(env, "header", name=site_skill.skill.key,
                    description=description_view(site_skill),
                    status=status(site_skill.skill), withheld=site_skill.withheld,
                    archive=archive or None,
                    skill_md=None if skill_md is None else {"href": skill_md.href,
                                                            "relpath": skill_md.file.relpath})


def _metadata(env: jinja2.Environment, page: SkillPage, several_roots: bool) -> str:
    site_skill = page.site_skill
    skill = site_skill.skill
    shown = site_skill.frontmatter_shown
    return fragment(env, "metadata", frontmatter_shown=shown,
                    frontmatter=frontmatter_rows(skill) if shown else [],
                    folder=f"{skill.root.name}/{skill.relpath}" if several_roots
                    else skill.relpath,
                    last_changed=page.last_changed,
                    nested_in=None if skill.nested_in is None else skill.nested_in.name)


def _body(env: jinja2.Environment, page: SkillPage) -> str:
    site_skill = page.site_skill
    if not site_skill.content_shown:
        places = [diagnostic_view(d, site_skill.skill, ())["where"] for d in site_skill.secrets]
        return fragment(env, "body", secret=secret_notice(site_skill, places), body_html=None)
    body_html = None
    if site_skill.skill.body.strip():
        body_html = render_markdown(site_skill.skill.body,
                                    rewrite_link=rewriter_for(site_skill, "", page.hrefs),
                                    max_chars=MAX_BODY_DISPLAY, reserved_ids=RESERVED_IDS,
                                    top_heading=BODY_TOP_HEADING).html
    return fragment(env, "body", secret=None, body_html=body_html)


_KINDS = {"skill_md": "instructions"}


def _files(env: jinja2.Environment, page: SkillPage) -> str:
    files = [{"relpath": published.file.relpath, "href": published.href,
              "kind": _KINDS.get(published.file.category, published.file.category),
              "size_label": size_label(published.file.size),
              "notes": [*(["executable"] if published.file.executable else []),
                        *([f"not published: {published.problem}"] if published.problem
                          else [])]}
             for published in page.files[:MAX_LISTED_FILES]]
    notice = files_notice(page.site_skill.skill, len(page.files),
                          page.site_skill.archive if page.archive_href else None)
    return fragment(env, "files", files=files, notice=notice)


LISTED_BY = ("catalog", "log")
"""Where the rest of a cut list of diagnostics is, besides ``skill-catalog validate``
(``templates/mkdocs/diagnostics.html``): ``catalog.json``, the MkDocs log."""


def diagnostics_table(env: jinja2.Environment, diagnostics: Sequence[Diagnostic],
                      skill: Skill | None, roots: Sequence[Path],
                      limit: int = MAX_SKILL_DIAGNOSTICS, public: Callable[[str], str] = str,
                      listed_by: str | None = None) -> str:
    """Diagnostics, worst first, as an HTML table (or a sentence when there are none): at most
    ``limit``, then a count of the rest and what lists them (``listed_by``: one of
    :data:`LISTED_BY`, else ``skill-catalog validate``); ``public`` makes a message fit to
    publish (:func:`~skill_catalog.site.context.public_text`)."""
    shown, more = worst_first(diagnostics, limit)
    ordered = sorted(shown, key=lambda d: -int(d.severity))
    return fragment(env, "diagnostics",
                    diagnostics=[diagnostic_view(d, skill, roots, public) for d in ordered],
                    more=more, listed_by=listed_by)


def page_routes(routes: InstallRoutes, site_skill: SiteSkill,
                served: Callable[[str], bool]) -> dict[str, Any] | None:
    """The skill page's install routes, by the code of ``skill-catalog build``'s pages
    (:meth:`InstallRoutes.for_page`: None for an invalid or withheld skill), less each route
    whose file the site does not serve from the catalog. ``served(path)``: whether the
    catalog's file at ``path`` (from the site root) reaches the site; a file of the MkDocs site
    at the same path wins (:func:`~skill_catalog.mkdocs_adapter.outputs.publish`). The skills CLI
    reads the v0.1 well-known index, Claude Code the marketplace; Claude.ai and the copy by hand
    take the zip, without which no route is left."""
    install = routes.for_page(site_skill)
    if install is None or not served(install["zip"]):
        return None
    if install["npx"] and not served(f"{V01}/{INDEX}"):
        install["npx"] = None
    if install["claude_code"] and not served(MARKETPLACE):
        install["claude_code"] = None
    return install


def _install(env: jinja2.Environment, page: SkillPage) -> str:
    """The Install section: each route the site serves, as the catalog's own pages give them
    (``templates/skill.html``), or why there is none."""
    site_skill = page.site_skill
    return fragment(env, "install", withheld=site_skill.withheld, valid=site_skill.skill.valid,
                    install=page.install, zip_href=page.archive_href,
                    archive=site_skill.archive)


def skill_fragments(page: SkillPage, catalog: Catalog, env: jinja2.Environment
                    ) -> dict[str, str]:
    """placeholder -> HTML of a skill page, each from its template (:func:`fragment`). Only the
    body is rendered Markdown, sanitised."""
    skill = page.site_skill.skill
    fragments = {
        "header": _header(env, page),
        "metadata": _metadata(env, page, len(catalog.roots) > 1),
        "body": _body(env, page),
        "files": _files(env, page),
        "diagnostics": diagnostics_table(env, skill.diagnostics, skill,
                                         [r.absolute() for r in catalog.roots],
                                         public=lambda message: public_text(message, catalog)),
    }
    if page.install_section:
        fragments["install"] = _install(env, page)
    return fragments


INDEX_SECTIONS = (("skills", "All skills"), ("library", "Library problems"))
"""(placeholder, heading) of the index page's sections, after its header: a theme's outline of
the page is never empty; the second only when there are library problems."""


def index_frame(title: str, *, library_problems: bool) -> str:
    """The Markdown of the index page."""
    sections = INDEX_SECTIONS if library_problems else INDEX_SECTIONS[:1]
    return frame(title, [("index", None), *sections])


def index_fragments(title: str, description: str, skills: Sequence[SiteSkill], page_url: str,
                    catalog: Catalog, notes: Sequence[Diagnostic], env: jinja2.Environment, *,
                    outputs: bool) -> dict[str, str]:
    """placeholder -> HTML of the index page: counts and links to the outputs, one row per
    skill, and the problems that belong to no skill (``library``, when there are any).
    ``page_url`` is the index's URL from the site root."""
    counts = counts_of([site_skill.skill for site_skill in skills])
    links = [(relative_url(path, page_url), label) for path, label in CATALOG_OUTPUTS]
    rows = [{"href": relative_url(site_skill.url, page_url), "name": site_skill.skill.key,
             "description": plain_line(card_description(site_skill)),
             "status": status(site_skill.skill)} for site_skill in skills]
    fragments = {"index": fragment(env, "index", title=title, description=description,
                                   counts=counts, outputs=links if outputs else []),
                 "skills": fragment(env, "skills", skills=rows)}
    library = [*catalog.diagnostics, *notes]
    if library:
        fragments["library"] = diagnostics_table(
            env, library, None, [r.absolute() for r in catalog.roots], MAX_LIBRARY_DIAGNOSTICS,
            lambda message: public_text(message, catalog), "catalog" if outputs else "log")
    return fragments
