"""The pages the MkDocs adapter adds to a site: Markdown frames with HTML filled in afterwards.

A skill is untrusted content, and MkDocs' Markdown passes raw HTML through (and its extensions
and plugins rewrite the Markdown source: snippets, macros, abbreviations). So no byte of a skill
ever enters the Markdown MkDocs renders. Each generated page is a *frame*: a YAML title (JSON
encoded, HTML-escaped, since themes print ``page.title`` unescaped), section headings for the
table of contents, and empty placeholder elements. After MkDocs has rendered the frame, the
plugin swaps each placeholder for a fragment built here: values HTML-escaped one by one, the
body rendered by the catalog's own sanitising renderer
(:func:`skill_catalog.site.markdown.render.render_markdown`). Nothing here imports MkDocs.

What a page says comes from the catalog's own view model, through :mod:`skill_catalog.site`
(the description, the frontmatter rows, file sizes, the diagnostics' place and message, the
install routes, the display limits); only the layout is this theme's own.
"""

from __future__ import annotations

import dataclasses as dc
import html
import json
import posixpath
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

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
    description_view,
    diagnostic_view,
    frontmatter_rows,
    plain_line,
    public_text,
    render_markdown,
    rewriter_for,
    secret_notice,
    size_label,
)

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
    """``valid``, ``N warning(s)`` or ``invalid``, then the trust status unless it is clean
    (``valid · trust: danger``)."""
    if not skill.valid:
        verdict = "invalid"
    else:
        n = len(skill.warnings)
        verdict = f"{n}{NBSP}warning{'s' if n != 1 else ''}" if n else "valid"
    trust = skill.trust.status
    return verdict if trust == "clean" else f"{verdict} · trust:{NBSP}{trust}"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], *,
           labels: bool = True) -> str:
    """An HTML table in a box that scrolls sideways when the table cannot fit; cells are HTML
    already. On a narrow screen each row becomes a block, its cells one under the other
    (labelled with their column's heading, the first one aside, when ``labels``)."""
    header = "".join(f"<th>{h}</th>" for h in head)
    out = ['<div class="skill-catalog-scroll">',
           '<table class="skill-catalog-table skill-catalog-stack">',
           f"<thead><tr>{header}</tr></thead>", "<tbody>"]
    for row in rows:
        cells = [f'<td data-label="{head[i]}">{cell}</td>' if labels and i else f"<td>{cell}</td>"
                 for i, cell in enumerate(row)]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out += ["</tbody>", "</table>", "</div>"]
    return "\n".join(out)


def _header(page: SkillPage) -> str:
    skill = page.site_skill.skill
    shown = description_view(page.site_skill)
    links = [f"<strong>{text(status(skill))}</strong>"]
    if page.site_skill.withheld is not None:
        links.append(text(f"withheld from agents: {page.site_skill.withheld}"))
    if page.archive_href:
        links.append(f'<a href="{text(page.archive_href)}" download>'
                     f"{text(posixpath.basename(page.site_skill.archive))}</a>")
    skill_md = next((p for p in page.files if p.file.category == "skill_md" and p.href), None)
    if skill_md is not None and skill_md.href:
        links.append(f'<a href="{text(skill_md.href)}">{text(skill_md.file.relpath)}</a>')
    cut = (f"<p>The description is {shown['description_length']} characters long; only the "
           "beginning is shown.</p>\n" if shown["description_truncated"] else "")
    return (f'<h1 class="skill-catalog-title">{text(skill.key)}</h1>\n'
            f"<p>{text(shown['description'])}</p>\n{cut}"
            f"<p>{' · '.join(links)}</p>")


def _metadata(page: SkillPage, several_roots: bool) -> str:
    skill = page.site_skill.skill
    rows: list[tuple[str, str]] = []
    if not page.site_skill.frontmatter_shown:
        rows.append(("frontmatter", "withheld: it holds a credential"))
    for row in frontmatter_rows(skill) if page.site_skill.frontmatter_shown else []:
        if row["mapping"] is not None:
            rows += [(f"{row['key']}.{sub}", value) for sub, value in row["mapping"]]
        else:
            rows.append((str(row["key"]), row["value"]))
    place = f"{skill.root.name}/{skill.relpath}" if several_roots else skill.relpath
    rows.append(("folder", place))
    if page.last_changed is not None:
        rows.append(("last changed", page.last_changed))
    if skill.nested_in is not None:
        rows.append(("nested in", skill.nested_in.name))
    return _table(["Field", "Value"], [(f"<code>{text(k)}</code>", text(v)) for k, v in rows],
                  labels=False)


def _body(page: SkillPage) -> str:
    site_skill = page.site_skill
    if not site_skill.content_shown:
        places = [diagnostic_view(d, site_skill.skill, ())["where"] for d in site_skill.secrets]
        return "\n".join(f'<p class="skill-catalog-withheld">{text(paragraph)}</p>'
                         for paragraph in secret_notice(site_skill, places))
    if not site_skill.skill.body.strip():
        return "<p>(empty body)</p>"
    rendered = render_markdown(site_skill.skill.body,
                               rewrite_link=rewriter_for(site_skill, "", page.hrefs),
                               max_chars=MAX_BODY_DISPLAY, reserved_ids=RESERVED_IDS,
                               top_heading=BODY_TOP_HEADING)
    return f'<div class="skill-catalog-body">\n{rendered.html}\n</div>'


_KINDS = {"skill_md": "instructions"}


def _files(page: SkillPage) -> str:
    rows = []
    for published in page.files[:MAX_LISTED_FILES]:
        item = published.file
        name = f"<code>{text(item.relpath)}</code>"
        if published.href is not None:
            name = f'<a href="{text(published.href)}">{name}</a>'
        notes = ["executable"] if item.executable else []
        if published.problem:
            notes.append(f"not published: {published.problem}")
        rows.append((name, text(_KINDS.get(item.category, item.category)),
                     text(size_label(item.size)), text("; ".join(notes))))
    html_out = _table(["File", "Kind", "Size", "Notes"], rows)
    hidden = len(page.files) - MAX_LISTED_FILES
    if hidden > 0:
        html_out += f"\n<p>{hidden} more files are not listed here; the raw/ folder holds them.</p>"
    if page.site_skill.skill.files_truncated:
        html_out += ("\n<p>The folder holds more files than the catalog reads (see SC039); those "
                     "are not published.</p>")
    return html_out


def diagnostics_table(diagnostics: Sequence[Diagnostic], skill: Skill | None,
                      roots: Sequence[Path], limit: int = MAX_SKILL_DIAGNOSTICS,
                      public: Callable[[str], str] = str,
                      rest: str = "<code>skill-catalog validate</code> lists every one") -> str:
    """Diagnostics, worst first, as an HTML table (or a sentence when there are none): at most
    ``limit``, then a count of the rest and ``rest``, where to find them (HTML); ``public``
    makes a message fit to publish (:func:`~skill_catalog.site.context.public_text`)."""
    if not diagnostics:
        return "<p>No problems found.</p>"
    shown, more = worst_first(diagnostics, limit)
    ordered = sorted(shown, key=lambda d: -int(d.severity))
    views = [diagnostic_view(d, skill, roots, public) for d in ordered]
    rows = [(text(v["severity"] + (" (accepted)" if v["accepted"] else "")),
             f"<code>{text(v['code'])}</code>", text(v["where"]),
             text(v["message"] + (f" [accepted: {v['accepted']}]" if v["accepted"] else "")))
            for v in views]
    table = _table(["Severity", "Code", "Where", "Message"], rows)
    if more:
        table += f"\n<p>and {more} more: {rest}.</p>"
    return table


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


def _command(command: str) -> str:
    """A command as a code block: Material for MkDocs gives it a copy button (with the theme's
    ``content.code.copy`` feature)."""
    return f"<pre><code>{text(command)}</code></pre>"


def _words(command: str) -> str:
    """A command in a table cell: it wraps between its words only."""
    return " ".join(f'<span class="skill-catalog-nobr">{text(word)}</span>'
                    for word in command.split(" "))


def _install(page: SkillPage) -> str:
    """The Install section: each route the site serves, as the catalog's own pages give them
    (``templates/skill.html``), or why there is none."""
    site_skill, install = page.site_skill, page.install
    if site_skill.withheld is not None:
        return (f"<p>Withheld by this catalog's trust policy: {text(site_skill.withheld)}. "
                "Review the trust findings under Diagnostics before copying it into an agent's "
                "skills folder yourself.</p>")
    if not site_skill.skill.valid:
        return ("<p>This skill is invalid: fix the problems under Diagnostics before installing "
                "it. Agents skip it, and it is left out of the prompt files and discovery "
                "indexes.</p>")
    if install is None or page.archive_href is None:
        return ("<p>The site has a file of its own where the catalog would publish this "
                f"skill's zip (<code>{text(site_skill.archive)}</code>): no install route.</p>")
    zip_link = f'<a href="{text(page.archive_href)}" download>'
    out = ['<div class="skill-catalog-install">']
    if install["npx"]:
        out += ["<h3>With the skills CLI</h3>", _command(install["npx"])]
    claude_code = install["claude_code"]
    if claude_code:
        plugin = "the plugin"
        others = claude_code["skills_in_plugin"] - 1
        if others:
            plugin = (f"the plugin <code>{text(claude_code['plugin'].split('@')[0])}</code>, "
                      f"which holds this skill and {others} other{'s' if others > 1 else ''}")
        out += ["<h3>As a Claude Code plugin</h3>",
                f"<p>In Claude Code, add the catalog's marketplace once, then install {plugin}:"
                "</p>",
                *(_command(command) for command in claude_code["commands"]),
                f"<p>Needs Claude Code {text(claude_code['requires'])} or later, the first "
                "release that reads this marketplace's archive sources; a release older than "
                f"{text(install['breaks_before'])} cannot load the marketplace at all. On an "
                "older release, copy the skill by hand (below).</p>"]
    out.append("<h3>In Claude.ai</h3>")
    if install["claude_ai"]:
        out.append(f"<ol><li>{zip_link}Download the zip</a>.</li><li>Open Settings → "
                   "Capabilities → Skills.</li><li>Choose “Upload skill” and pick the zip."
                   "</li></ol>")
    else:
        out.append("<p>Claude.ai's “Upload skill” refuses this skill: "
                   f"{text(install['claude_ai_problem'])}.</p>")
    out.append("<h3>By hand, into an agent's skills folder</h3>")
    lands = (f"the skill lands in <code>&lt;folder&gt;/{text(install['name'])}/</code>")
    if install["download"]:
        out += [f"<p>Download the zip ({zip_link}{text(install['zip_name'])}</a>), or fetch "
                "it:</p>", _command(install["download"]),
                f"<p>Then unpack it into the folder of your agent, beside the zip: {lands}.</p>"]
    else:
        out.append(f"<p>{zip_link}Download the zip</a> ({text(install['zip_name'])}), then "
                   f"unpack it into the folder of your agent, beside the zip: {lands}.</p>")
    for title, rows in (("For one project (run in the project's folder)",
                         install["project_rows"]),
                        ("For you, in every project", install["personal_rows"])):
        if rows:
            out += [f"<h4>{text(title)}</h4>",
                    _table(["Folder", "Read by", "Command"],
                           [(f"<code>{text(row['folder'])}</code>",
                             text(", ".join(row["tools"])),
                             f"<code>{_words(row['command'])}</code>") for row in rows])]
    out.append("</div>")
    return "\n".join(out)


def skill_fragments(page: SkillPage, catalog: Catalog) -> dict[str, str]:
    """placeholder -> HTML of a skill page. Only the body is rendered Markdown, sanitised."""
    skill = page.site_skill.skill
    fragments = {
        "header": _header(page),
        "metadata": _metadata(page, len(catalog.roots) > 1),
        "body": _body(page),
        "files": _files(page),
        "diagnostics": diagnostics_table(skill.diagnostics, skill,
                                         [r.absolute() for r in catalog.roots],
                                         public=lambda message: public_text(message, catalog)),
    }
    if page.install_section:
        fragments["install"] = _install(page)
    return fragments


INDEX_SECTIONS = (("skills", "All skills"), ("library", "Library problems"))
"""(placeholder, heading) of the index page's sections, after its header: a theme's outline of
the page is never empty; the second only when there are library problems."""


def index_frame(title: str, *, library_problems: bool) -> str:
    """The Markdown of the index page."""
    sections = INDEX_SECTIONS if library_problems else INDEX_SECTIONS[:1]
    return frame(title, [("index", None), *sections])


def index_fragments(title: str, description: str, skills: Sequence[SiteSkill], page_url: str,
                    catalog: Catalog, notes: Sequence[Diagnostic], *, outputs: bool
                    ) -> dict[str, str]:
    """placeholder -> HTML of the index page: counts and links to the outputs, one row per
    skill, and the problems that belong to no skill (``library``, when there are any).
    ``page_url`` is the index's URL from the site root."""
    invalid = sum(1 for s in skills if not s.skill.valid)
    warned = sum(1 for s in skills if s.skill.valid and s.skill.warnings)
    parts = [f'<h1 class="skill-catalog-title">{text(title)}</h1>']
    if description:
        parts.append(f"<p>{text(description)}</p>")
    parts.append(f"<p>{len(skills)} skill{'s' if len(skills) != 1 else ''}: "
                 f"{len(skills) - invalid} valid ({warned} with warnings), {invalid} invalid.</p>")
    if outputs:
        links = [f'<a href="{text(relative_url(path, page_url))}">{text(label)}</a>'
                 for path, label in CATALOG_OUTPUTS]
        parts.append(f"<p>For agents and tools: {', '.join(links)}.</p>")
    rows = []
    for site_skill in skills:
        skill = site_skill.skill
        href = relative_url(site_skill.url, page_url)
        rows.append((f'<a href="{text(href)}">{text(skill.key)}</a>',
                     text(plain_line(card_description(site_skill))),
                     text(status(skill))))
    fragments = {"index": "\n".join(parts),
                 "skills": _table(["Skill", "Description", "Status"], rows)}
    library = [*catalog.diagnostics, *notes]
    if library:
        fragments["library"] = diagnostics_table(
            library, None, [r.absolute() for r in catalog.roots], MAX_LIBRARY_DIAGNOSTICS,
            lambda message: public_text(message, catalog),
            "<code>catalog.json</code> lists every one" if outputs
            else "<code>skill-catalog validate</code> and the MkDocs log list every one")
    return fragments
