"""The site's machine-readable outputs, one writer each, run in the order of :data:`WRITERS`.

Each skill's own copies (``skills/<slug>.zip``, its ``.well-known/`` files and digests) are
written with its pages (publish.py); the writers here make the site-wide files from the skills'
:class:`~skill_catalog.site.publish.copies.Published` records: both ``.well-known`` indexes
(wellknown.py), ``catalog.json`` and its schema (catalog_json.py), and ``llms.txt``,
``sitemap.xml`` and ``robots.txt``. Every writer is ``write_<thing>(ctx, out, published) ->
None`` and gives the same bytes for the same input. :func:`write_outputs` does it all without
pages (the MkDocs adapter). What was left out (files that cannot be published, skills the
discovery indexes cannot name) becomes SC040 notes, which the build prints. docs/outputs.md
describes every output.
"""

from __future__ import annotations

import dataclasses as dc
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from skill_catalog.model import Diagnostic
from skill_catalog.prompts import Prepared
from skill_catalog.site.context import SiteContext
from skill_catalog.site.dates import Dates
from skill_catalog.site.outputs import prompt_files, search_files
from skill_catalog.site.outputs.catalog_json import (
    CATALOG,
    write_catalog_json,
    write_catalog_schema,
)
from skill_catalog.site.outputs.install import InstallRoutes
from skill_catalog.site.outputs.marketplace import (
    keep_or_write_groups,
    plugin_info,
    write_marketplace,
)
from skill_catalog.site.outputs.wellknown import INDEX, write_indexes
from skill_catalog.site.publish.copies import Published, plan, publish, skill_notes
from skill_catalog.site.publish.listed import listed_skills
from skill_catalog.site.publish.sources import read_sources
from skill_catalog.site.urls import V01, V02
from skill_catalog.site.write.output import OutputTree, SiteWide
from skill_catalog.site.write.serialize import clean_text, plain_line, xml_text

LLMS_TXT = "llms.txt"
SITEMAP = "sitemap.xml"
ROBOTS = "robots.txt"
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _link_text(text: str) -> str:
    """``text`` safe inside a Markdown link's brackets."""
    return "".join("\\" + c if c in "\\[]" else c for c in plain_line(text))


def llms_txt(ctx: SiteContext) -> str:
    """The llmstxt.org file: title, summary, then one link per valid skill.

    A skill listed in the well-known indexes links to its raw ``SKILL.md`` there (Markdown, as
    llms.txt prefers); any other valid skill links to its page. URLs are absolute when the
    config has a base_url, else relative to the site root (where llms.txt lives).
    """
    config = ctx.config
    wellknown = {id(site_skill): name for site_skill, name in listed_skills(ctx)[0]}
    count = len(ctx.published)
    summary = plain_line(config.description) or (
        f"{count} Agent Skill{'s' if count != 1 else ''}: folders of instructions (SKILL.md), "
        "scripts and references that AI agents load when a task needs them.")
    lines = [f"# {plain_line(config.title)}", "", f"> {summary}", ""]
    lines += [
        "Each skill below links to its SKILL.md (YAML frontmatter with name and description, "
        "then the instructions; its other files sit beside it), or to its page when the "
        "discovery indexes cannot name it. Each skill's page links a zip of the whole skill.", "",
    ]
    if ctx.base_url and wellknown:
        lines += [f"Install one with `npx skills add {ctx.base_url} --skill <name>`.", ""]
    lines += ["## Skills", ""]
    for site_skill in ctx.published:
        skill = site_skill.skill
        name = wellknown.get(id(site_skill))
        target = f"{V01}/{name}/SKILL.md" if name else site_skill.url
        description = plain_line(skill.description or "")
        lines.append(f"- [{_link_text(skill.key)}]({ctx.absolute(target)}): {description}")
    lines += [
        "", "## Optional", "",
        f"- [{CATALOG}]({ctx.absolute(CATALOG)}): every skill, valid or not, with frontmatter, "
        "files, SHA-256 digests and diagnostics",
        f"- [Discovery index]({ctx.absolute(f'{V02}/{INDEX}')}): agentskills well-known "
        "index (draft v0.2.0) with archive URLs and digests",
    ]
    return clean_text("\n".join(lines) + "\n")


def write_llms_txt(ctx: SiteContext, out: OutputTree,
                   published: Mapping[str, Published]) -> None:
    out.write_text(LLMS_TXT, llms_txt(ctx))


def sitemap_xml(ctx: SiteContext) -> str | None:
    """The sitemaps.org file listing the home page and each valid skill's page, or None when the
    config has no base_url (the protocol requires absolute URLs). No ``lastmod``: a build
    carries no timestamps."""
    if not ctx.base_url:
        return None
    pages = ["", *(site_skill.url for site_skill in ctx.published)]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', f'<urlset xmlns="{SITEMAP_NS}">']
    lines += [f"  <url><loc>{xml_text(ctx.absolute(page))}</loc></url>" for page in pages]
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def write_sitemap(ctx: SiteContext, out: OutputTree,
                  published: Mapping[str, Published]) -> None:
    """``sitemap.xml`` when the config has a base_url; nothing otherwise."""
    text = sitemap_xml(ctx)
    if text is not None:
        out.write_text(SITEMAP, text)


def robots_txt(ctx: SiteContext) -> str:
    """Allow every crawler; point at the sitemap when there is one."""
    lines = ["User-agent: *", "Allow: /"]
    if ctx.base_url:
        lines += ["", f"Sitemap: {ctx.absolute(SITEMAP)}"]
    return "\n".join(lines) + "\n"


def write_robots(ctx: SiteContext, out: OutputTree,
                 published: Mapping[str, Published]) -> None:
    out.write_text(ROBOTS, robots_txt(ctx))


Writer = Callable[[SiteContext, OutputTree, Mapping[str, Published]], None]


def now(out: OutputTree, group: str, inputs: object, write: Callable[[], None]) -> None:
    """The :data:`~skill_catalog.site.write.output.SiteWide` of a build that keeps nothing from
    a previous one: every group of files is written."""
    write()


def write_listings(ctx: SiteContext, out: OutputTree, site_wide: SiteWide = now, *,
                   browser: bool = True, entries: Prepared | None = None) -> None:
    """What no skill's files are read for, first: ``search-index.json`` (with ``browser``, the
    index page's search files) and the prompt files (``entries``: :func:`prompt_files.prepared`,
    when already made). The site build and the MkDocs adapter both start with this."""
    search_files.write(ctx, out, browser=browser, site_wide=site_wide)
    prepared = entries if entries is not None else prompt_files.prepared(ctx)
    site_wide(out, "prompts", prepared,
              lambda: prompt_files.write_prompt_files(ctx, out, prepared))


def write_site_wide(ctx: SiteContext, out: OutputTree, published: Mapping[str, Published],
                    site_wide: SiteWide = now, *, skip: frozenset[Writer] = frozenset(),
                    install: InstallRoutes | None = None) -> None:
    """What reads the skills' published copies, once every skill's are written: the grouped
    plugins' zips, then every writer of :data:`WRITERS` not in ``skip``, in that order, the one
    the site build and the MkDocs adapter both run. ``install``: the install routes the pages
    used (their tool verdicts, computed once a build), handed to ``catalog.json``, which makes
    its own when none is given."""
    keep_or_write_groups(ctx, out, published, site_wide)  # before the marketplace reads them
    for write in WRITERS:
        if write in skip:
            continue
        if write is write_catalog_json:
            write_catalog_json(ctx, out, published, install)
        else:
            write(ctx, out, published)


WRITERS: tuple[Writer, ...] = (
    write_indexes,
    write_catalog_schema,
    write_catalog_json,
    write_llms_txt,
    write_sitemap,
    write_robots,
    write_marketplace,
)
"""Every site-wide machine-readable output, in the order the build calls them."""


def publish_skills(ctx: SiteContext, out: OutputTree,
                   page_notes: Mapping[str, Sequence[Diagnostic]] | None = None,
                   dates: Dates | None = None,
                   ) -> tuple[dict[str, Published], list[Diagnostic]]:
    """Every skill's zip, well-known copies and digests, without pages (the site build does
    this with each skill's pages instead); returns the records by slug and the SC040 notes.
    ``page_notes``: by slug, what the caller's own pages and copies of the skill left out;
    ``dates``: each skill's last change (``catalog.json``'s ``last_changed``)."""
    listed, _notes = listed_skills(ctx)
    names = {site_skill.slug: name for site_skill, name in listed}
    published: dict[str, Published] = {}
    for site_skill in ctx.skills:
        name = names.get(site_skill.slug)
        sources = read_sources(site_skill.skill)
        record = publish(out, site_skill, sources, plan(site_skill, sources, wellknown_name=name),
                         raw={}, plugin=plugin_info(ctx, site_skill, name))
        own = tuple((page_notes or {}).get(site_skill.slug, ()))
        changed = (dates.last_changed(site_skill, record.skill_digest)
                   if dates is not None else None)
        published[site_skill.slug] = dc.replace(record, page_notes=own, last_changed=changed)
    return published, [note for _skill, note in skill_notes(ctx, published)]


def write_outputs(ctx: SiteContext, out: OutputTree, *, skip: frozenset[Writer] = frozenset(),
                  page_notes: Mapping[str, Sequence[Diagnostic]] | None = None,
                  dates: Dates | None = None, install: InstallRoutes | None = None
                  ) -> list[Diagnostic]:
    """:func:`publish_skills`, then :func:`write_site_wide` (``install``: the routes the pages
    show, as the site build hands its own); returns the notes."""
    published, notes = publish_skills(ctx, out, page_notes, dates)
    write_site_wide(ctx, out, published, skip=skip, install=install)
    return notes


def publication_notes(ctx: SiteContext) -> list[Diagnostic]:
    """The SC040 notes of ``ctx``'s published copies: files left out of a valid skill's
    copies, skills the well-known indexes cannot name (published into a scratch folder)."""
    with tempfile.TemporaryDirectory(prefix="skill-catalog-notes-") as scratch:
        return publish_skills(ctx, OutputTree(Path(scratch)))[1]
