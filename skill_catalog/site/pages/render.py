"""The HTML pages: index, one page per skill, one per Markdown file, each skill's file viewer,
problems, agents, 404.

Each page gets a view model built here (plain dicts and strings, already truncated for display)
and is rendered by a Jinja2 template with autoescaping; only the Markdown renderer's sanitised
output is inserted unescaped.
"""

from __future__ import annotations

import dataclasses as dc
import posixpath
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote, urlsplit

import jinja2

from skill_catalog.model import Diagnostic, Severity, Skill, SkillFile, worst_first
from skill_catalog.pipeline.skill_cache import DeferredBody
from skill_catalog.site.context import SiteContext, SiteSkill
from skill_catalog.site.markdown.highlight import file_language
from skill_catalog.site.markdown.link_pass import Target
from skill_catalog.site.markdown.links import VIEWER, FileLinks, is_markdown, rewriter_for
from skill_catalog.site.markdown.render import (
    HighlightMode,
    Rendered,
    highlight_file,
    render_markdown,
)
from skill_catalog.site.outputs.marketplace import plugin_info
from skill_catalog.site.pages.views import (
    MAX_BODY_DISPLAY,
    MAX_LIBRARY_DIAGNOSTICS,
    MAX_PROBLEM_DIAGNOSTICS,
    Views,
    first_batch,
    size_label,
)
from skill_catalog.site.publish.active_content import page_name
from skill_catalog.site.publish.copies import (
    Plan,
    Published,
    body_digest,
    plan,
    publish,
    skill_notes,
)
from skill_catalog.site.publish.sources import Source, read_sources, write_raw_copies
from skill_catalog.site.write.output import OutputTree
from skill_catalog.version import __version__

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; "
    "form-action 'none'"
)
SITE_WIDE_PAGES = frozenset({"index", "problems", "agents", "changes", ""})
"""Pages that show site-wide counts; skill and file pages do not, so that adding a skill or
fixing a warning leaves the pages of the other skills as they are (incremental builds): their
Problems badge is filled in by :data:`COUNTS_SCRIPT`."""
COUNTS_SCRIPT = "site-counts.js"
"""The one site-wide file skill and file pages load: it puts the number of problems in their
Problems badge (a script, not fetched data, so that it works from ``file://`` too)."""
SKILL_BODY_TOP = 3
"""The level of a skill body's first headings: under the page's ``h1`` (the skill's name) and
its "Instructions" ``h2``; the others follow without skipping a level (the author's level
stays in ``data-level``, which the stylesheet sizes them by)."""
FILE_BODY_TOP = 2
"""The same for a Markdown file's page, under its ``h1`` (the file's path)."""
MAX_FILE_DISPLAY = 1_000_000


class PreviousSite(Protocol):
    """What the pages need of an incremental build's reuse of the previous site, which the
    build hands them (:class:`skill_catalog.site.reuse.Reuse`, a layer above, is one)."""

    site: Path | None
    """The previous site's folder; None when there is nothing to reuse."""
    old: dict[str, Any]
    """The previous site's records of skills not taken over yet."""
    new_groups: dict[str, list[Any]]
    """The groups of site-wide files written or kept so far, for the next build."""

    def site_wide(self, out: OutputTree, group: str, inputs: object,
                  write: Callable[[], None]) -> None:
        """Write a group of site-wide files, or keep the previous site's made from equal
        ``inputs``."""

    def skill_key(self, writer: PageWriter, site_skill: SiteSkill) -> str:
        """What the skill's files show, as a digest."""

    def reuse(self, writer: PageWriter, site_skill: SiteSkill, key: str) -> Published | None:
        """Keep the skill's files of the previous site when its key matches."""

    def record(self, site_skill: SiteSkill, key: str, files: list[str],
               notes: list[Diagnostic], published: Published) -> None:
        """Note what was written for the skill, for the next build."""


@dc.dataclass(slots=True)
class PageWriter:
    """Renders every page of a site into an :class:`OutputTree`."""

    ctx: SiteContext
    out: OutputTree
    env: jinja2.Environment
    views: Views
    notes: list[Diagnostic] = dc.field(default_factory=list)
    """Problems met while writing (file name collisions, unreadable files)."""
    reuse: PreviousSite | None = None
    """The previous site's files this build may keep, and the record for the next build."""

    def _render(self, template: str, relpath: str, **context: Any) -> None:
        depth = relpath.count("/")
        site_wide = context.get("page_kind", "") in SITE_WIDE_PAGES
        base = {
            "root": "../" * depth,
            "site": self.views.site,
            "counts": self.views.counts if site_wide else None,
            "csp": CSP,
            "version": __version__,
            "lang": "en",
            "page_kind": "",
            "canonical": self.ctx.absolute(relpath.removesuffix("index.html"))
            if self.ctx.base_url else None,
        }
        base.update(context)

        def write() -> None:
            page = self.env.get_template(template)
            if site_wide:  # a page about every skill: megabytes at 10,000 skills
                self.out.write_chunks(relpath, page.generate(base))
            else:
                self.out.write_text(relpath, page.render(base))

        if site_wide and self.reuse is not None:  # kept when its context is unchanged
            self.reuse.site_wide(self.out, relpath, [template, base], write)
        else:
            write()

    def write_closing_pages(self, published: Mapping[str, Published]) -> None:
        """The pages written once every skill's record is known: problems, the counts script,
        agents, 404."""
        self.write_problems(published)
        self.out.write_text(COUNTS_SCRIPT, counts_script(self.views.counts["problems"]))
        self.write_agents()
        # Hosts serve 404.html at the missing page's own address, at any depth: its links
        # must not be relative there. With a base URL they start from its path.
        base_path = urlsplit(self.ctx.base_url).path if self.ctx.base_url else ""
        self._render("404.html", "404.html", **({"root": base_path} if base_path else {}))

    def write_index(self, search_scripts: Sequence[str]) -> None:
        cards = [self.views.card(s) for s in self.ctx.skills]
        self._render(
            "index.html", "index.html", page_kind="index",
            cards=cards, batch=first_batch(len(cards)),
            facets=self.views.facets(),
            search_scripts=list(search_scripts),
        )

    def write_skill(self, site_skill: SiteSkill) -> Published:
        """The skill's page, its files' pages and raw copies, and its published copies (zip,
        well-known files); returns the record the site-wide outputs need."""
        skill = site_skill.skill
        sources = read_sources(skill)
        name = self.views.installable.get(site_skill.slug)
        skill_plan = plan(site_skill, sources, wellknown_name=name)
        if site_skill.content_shown:
            files, raw = self._write_files(site_skill, sources, skill_plan)
        else:  # withheld for a secret: no raw copy, file page or viewer (issue 32)
            files, raw = FileLinks({}, {}), {}
        record = publish(self.out, site_skill, sources, skill_plan, raw=raw,
                         plugin=plugin_info(self.ctx, site_skill, name))
        dates = self.views.dates
        if dates is not None:
            record = dc.replace(record, last_changed=dates.last_changed(
                site_skill, record.skill_digest))
        text = _body(skill, sources)
        body = _render_body(text if site_skill.content_shown else "",
                            rewriter_for(site_skill, "", files.hrefs, files.views),
                            self.ctx.config.highlight, SKILL_BODY_TOP)
        page = self.views.skill_page(site_skill, text, body, files.hrefs, files.views)
        page["last_changed"] = record.last_changed
        self._render("skill.html", site_skill.url + "index.html", page_kind="skill",
                     has_code=body.has_code, s=page)
        return dc.replace(record, body_tokens=page["tokens_body"],  # for catalog.json
                          body_digest=body_digest(text))

    def _write_files(self, site_skill: SiteSkill, sources: Mapping[str, Source],
                     skill_plan: Plan) -> tuple[FileLinks, dict[str, str]]:
        """Copy every file raw (a listed skill's into its v0.1 folder, which they then are),
        write a page per Markdown file and the viewer of the other text files (or a page per
        text file, or neither: the config's ``file_pages``); return the links from the skill
        page and relpath -> the raw copy's output path. Files that cannot be written are left
        out with a note."""
        skill = site_skill.skill
        folder = skill_plan.wellknown_folder() or f"{site_skill.url}raw/"
        copies = write_raw_copies(
            self.out, folder, skill, sources,
            lambda item, problem: self._note(skill, item, f"not published: {problem}"),
            names=skill_plan.served_names())
        raw = {relpath: folder + name for relpath, name in copies.items()}
        # From the skill page (skills/<slug>/) to the folder of the raw copies.
        base = (folder.removeprefix(site_skill.url) if folder.startswith(site_skill.url)
                else "../" * site_skill.url.count("/") + folder)
        hrefs = {relpath: base + quote(name) for relpath, name in copies.items()}
        mode = self.ctx.config.file_pages
        pages: dict[str, str] = {}
        viewed: list[SkillFile] = []
        for item in skill.files:
            if (mode == "none" or item.relpath not in hrefs or not item.is_text
                    or item.category == "skill_md"):
                continue
            if mode == "all" or (mode == "markdown" and is_markdown(item.relpath)):
                pages[item.relpath] = "files/" + quote(page_name(item.relpath))
            else:
                viewed.append(item)
        views = {item.relpath: f"{VIEWER}?f={quote(item.relpath)}" for item in viewed}
        raw_hrefs = dict(hrefs)
        hrefs.update(pages)  # file pages link to each other
        for item in skill.files:
            if item.relpath not in pages:
                continue
            try:
                self._write_file_page(site_skill, sources[item.relpath], hrefs, views,
                                      raw_hrefs[item.relpath])
            except OSError as exc:
                self._note(skill, item, f"no page: {exc.strerror or exc}")
                hrefs[item.relpath] = raw_hrefs[item.relpath]
        if viewed:
            self._write_viewer(site_skill, viewed, raw_hrefs, hrefs)
        return FileLinks(hrefs, views), raw

    def _write_viewer(self, site_skill: SiteSkill, viewed: Sequence[SkillFile],
                      raw_hrefs: Mapping[str, str], hrefs: Mapping[str, str]) -> None:
        """``view.html``: the page that shows the skill's text files that have no page of
        their own, each loaded from its raw copy in the browser (``view.html?f=<relpath>``):
        code and data numbered and highlighted, Markdown rendered and sanitised
        (``file_pages: viewer``); without script, or with no file asked for, the list of those
        files, linking the raw copies. The skill's other published files are listed too,
        hidden, as the only targets a rendered document's links and images may have."""
        skill = site_skill.skill
        shown = {item.relpath for item in viewed}
        files = [{
            "relpath": item.relpath,
            "raw": raw_hrefs[item.relpath],
            "size": size_label(item.size),
            "executable": item.executable,
            "language": file_language(item.relpath),
            "markdown": is_markdown(item.relpath),
            "source": self.views.source_url(skill, item.relpath),
        } for item in viewed]
        others = [{"relpath": relpath, "href": href} for relpath, href in hrefs.items()
                  if relpath not in shown]
        self._render("view.html", site_skill.url + VIEWER, page_kind="view", has_code=True,
                     s={"name": skill.key, "url": site_skill.page}, files=files,
                     others=others, markdown=any(f["markdown"] for f in files),
                     max_bytes=MAX_FILE_DISPLAY)

    def _write_file_page(self, site_skill: SiteSkill, source: Source, hrefs: Mapping[str, str],
                         views: Mapping[str, str], raw_href: str) -> None:
        """``files/<relpath>.html``: the file rendered (Markdown) or highlighted, at most
        :data:`MAX_FILE_DISPLAY` bytes of it (a large file is read only that far)."""
        skill = site_skill.skill
        item = source.file
        data = source.head(skill, MAX_FILE_DISPLAY + 1)
        notice = ""
        if len(data) > MAX_FILE_DISPLAY:
            data = data[:MAX_FILE_DISPLAY]
            cut = data.rfind(b"\n")
            data = data[: cut + 1] if cut > 0 else data
            notice = ('<p class="truncated-notice" role="note">'
                      f"This file is {size_label(item.size)}; only the first "
                      f"{size_label(len(data))} are shown. The raw file holds all of it.</p>\n")
        text = data.decode("utf-8", "replace")
        markdown_html = None
        code_html = None
        highlight = self.ctx.config.highlight
        has_code = highlight == "client"
        if is_markdown(item.relpath):
            base = posixpath.dirname(item.relpath)
            rendered = _render_body(text, rewriter_for(site_skill, base, hrefs, views,
                                                       file_page=True),
                                    highlight, FILE_BODY_TOP)
            markdown_html = rendered.html + notice
            has_code = rendered.has_code
        else:
            code_html = highlight_file(text, item.relpath, highlight=highlight) + notice
        page = f"{site_skill.url}files/{page_name(item.relpath)}"
        depth = page.count("/") - site_skill.url.count("/")
        self._render(
            "file.html", page, page_kind="file", has_code=has_code,
            s={"name": skill.key, "url": site_skill.page},
            f={
                "relpath": item.relpath,
                "size_label": size_label(item.size),
                "executable": item.executable,
                "raw": "../" * depth + raw_href,
                "source_url": self.views.source_url(skill, item.relpath),
                "markdown_html": markdown_html,
                "code_html": code_html,
            },
        )

    def _note(self, skill: Skill, item: SkillFile, message: str) -> None:
        from skill_catalog.codes.registry import emit

        self.notes.append(emit("SC040", f"{item.relpath}: {message}",
                               file=skill.dir / item.relpath))

    def write_problems(self, published: Mapping[str, Published]) -> None:
        """Every skill with an error or a warning; the library's own diagnostics; and every
        note of the build (what it left out of the published copies, :func:`skill_notes`),
        which ``build`` prints and ``catalog.json`` lists too."""
        groups = []
        for site_skill in self.ctx.skills:
            skill = site_skill.skill
            warned = [d for d in skill.diagnostics if d.severity >= Severity.WARNING]
            if not warned:
                continue
            shown, more = worst_first(warned, MAX_PROBLEM_DIAGNOSTICS)
            kind, label = ("err", "invalid") if not skill.valid else ("warn", "warnings")
            groups.append({
                "name": skill.key, "url": site_skill.page, "kind": kind, "label": label,
                "path": self.views.display_path(skill.dir),
                "diagnostics": [self.views.diagnostic(d, skill) for d in shown],
                "more": more,
            })
        groups.sort(key=lambda g: (g["kind"] != "err", g["name"]))
        library, library_more = worst_first(self.ctx.catalog.diagnostics,
                                            MAX_LIBRARY_DIAGNOSTICS)
        noted = skill_notes(self.ctx, published)
        notes = [{**self.views.diagnostic(note, site_skill.skill), "skill": site_skill.skill.key,
                  "url": site_skill.page} for site_skill, note in noted[:MAX_LIBRARY_DIAGNOSTICS]]
        self._render(
            "problems.html", "problems.html", page_kind="problems", groups=groups,
            batch=first_batch(len(groups)),
            library_diagnostics=[self.views.diagnostic(d, None) for d in library],
            library_total=len(library) + library_more, library_more=library_more,
            build_notes=notes, notes_total=len(noted), notes_more=len(noted) - len(notes),
        )

    def write_changes(self, view: Mapping[str, Any]) -> None:
        """The changes page (:mod:`skill_catalog.site.changes` makes its ``view``)."""
        self._render("changes.html", "changes.html", page_kind="changes", changes=view)

    def write_agents(self) -> None:
        self._render("agents.html", "agents.html", page_kind="agents", **self.views.agents_page())


def counts_script(problems: int) -> str:
    """:data:`COUNTS_SCRIPT`: shows ``problems`` in the page's Problems badge (none at 0)."""
    return (
        "// Written by skill-catalog build: the Problems badge of skill and file pages.\n"
        "(function () {\n"
        f"  var problems = {int(problems)};\n"
        '  var badge = document.getElementById("problems-count");\n'
        "  if (!badge || !problems) return;\n"
        "  badge.textContent = String(problems);\n"
        "  badge.hidden = false;\n"
        "})();\n"
    )


def _render_body(text: str, rewrite: Callable[[str, Any], str | Target | None],
                 highlight: HighlightMode, top_heading: int) -> Rendered:
    return render_markdown(text, rewrite_link=rewrite, max_chars=MAX_BODY_DISPLAY,
                           highlight=highlight, top_heading=top_heading)


def _body(skill: Skill, sources: Mapping[str, Source]) -> str:
    """The skill's body for its page: from the bytes of SKILL.md its sources hold (read once
    for every copy the site makes) when the load left the body in the file, else as the
    skill holds it."""
    held, source = skill.held_body, sources.get(skill.skill_md.name)
    if isinstance(held, DeferredBody) and source is not None and source.data is not None:
        return held.from_content(source.data).decode("utf-8", "surrogatepass")
    return skill.body
