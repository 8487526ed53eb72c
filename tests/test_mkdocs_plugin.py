"""The MkDocs adapter: real ``mkdocs build --strict`` runs of a small site with the plugin.

``--strict`` turns every MkDocs warning into a failure, so a passing build also proves that the
generated pages raise no "not included in the nav" warning and no broken-link warning.
"""

from __future__ import annotations

import html
import html.parser
import json
import os
import posixpath
import re
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlsplit

import pytest
import yaml

from tests.environment import IN_CI, REPO
from tests.helpers.libraries import write_skill
from tests.helpers.mkdocs import (
    MKDOCS_ENTRY_POINT,
    MkDocsBuilt,
    build_ok,
    make_project,
    mkdocs_env,
    need_material,
    run_mkdocs,
)
from tests.hostile_library import HOST_FILES, host_file_skill, yaml_value_skills

try:
    import mkdocs  # noqa: F401
except ImportError:
    if IN_CI:
        raise  # the test extra installs mkdocs: CI must run these tests
    pytest.skip("mkdocs is not installed (pip install 'skill-catalog[mkdocs]')",
                allow_module_level=True)

import skill_catalog
from skill_catalog.codes.registry import emit
from skill_catalog.config import Config, config_from_mapping
from skill_catalog.mkdocs_adapter.outputs import PublishedFile, write_outputs
from skill_catalog.mkdocs_adapter.pages import (
    INDEX_SECTIONS,
    SECTIONS,
    TEMPLATES,
    SkillPage,
    frame,
    index_fragments,
    relative_url,
    skill_fragments,
)
from skill_catalog.mkdocs_adapter.plugin import SkillCatalogPlugin, mentions_index, url_prefix
from skill_catalog.site import CATALOG, OutputTree, SiteContext, page_environment
from skill_catalog.site.build import write_site

CANARY = "mkdocs-canary"
SNIPPET_SECRET = "SNIPPET-SECRET-4711"
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)
HOSTILE_BODY = f"""# Hostile

<script>alert("{CANARY}")</script>

<img src="x" onerror="alert('{CANARY}')">

[click](javascript:alert('{CANARY}'))

<div markdown="1">**md-in-html-{CANARY}**</div>

--8<-- "secret.txt"

{{{{ config.site_name }}}} stays text.

*[HTML]: an abbreviation definition that must stay text

Visible hostile text.
"""
SKILLS = {
    "pdf-tools": "Extract the tables of a PDF",
    "release-notes": "Draft the notes from merged pull requests",
    "hostile": "Visible hostile text",
    "broken-skill": "Deliberately invalid",
}


XHTML_SCRIPT = (f'<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert("{CANARY}")'
                '</script></body></html>\n')


def make_library(root: Path) -> Path:
    library = root / "library"
    write_skill(library, "pdf-tools", """
        name: pdf-tools
        description: Extract text and tables from PDF files. Use when the user hands over a PDF.
        license: Apache-2.0
        metadata:
          category: documents
        """, body=("# PDF tools\n\nExtract the tables of a PDF with "
                   "[the extractor](scripts/extract.py); see [the guide](references/guide.md)."
                   "\n\n![diagram](assets/d.png)\n\n```python\nprint({'a': 1})\n```\n"),
        files={"scripts/extract.py": "#!/usr/bin/env python3\nprint('x')\n",
               "references/guide.md": "# Guide\n\nDetails.\n",
               "assets/d.png": PNG,
               "assets/page.html": f"<script>alert('{CANARY}')</script>\n",
               "assets/feed.rss": XHTML_SCRIPT, "assets/schema.xsd": XHTML_SCRIPT})
    os.chmod(library / "pdf-tools" / "scripts" / "extract.py", 0o755)
    write_skill(library, "release-notes", """
        name: release-notes
        description: Draft release notes from merged pull requests. Use when preparing a release.
        """, body="# Release notes\n\nDraft the notes from merged pull requests.\n")
    write_skill(library, "hostile", f"""
        name: hostile
        description: "<img src=x onerror=alert('{CANARY}')> | pipes | Use when testing."
        metadata:
          note: "<b>{CANARY}</b> | cell"
        """, body=HOSTILE_BODY)
    write_skill(library, "broken-skill", """
        name: Broken_Skill
        description: Deliberately invalid.
        released: [{2024-01-01: first, 3: three}]
        """, body="# Broken\n\nDeliberately invalid.\n")
    return library


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return mkdocs_env(tmp_path_factory)


class Links(html.parser.HTMLParser):
    """Every tag with its attributes, script text, and (href, link text) pairs of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[str] = []
        self.links: list[tuple[str, str]] = []
        self._script = False
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.tags.append((tag, values))
        self._script = tag == "script"
        if tag == "a" and "href" in values:
            self._href, self._text = values["href"], []

    def handle_endtag(self, tag: str) -> None:
        self._script = False
        if tag == "a" and self._href is not None:
            self.links.append((self._href, " ".join("".join(self._text).split())))
            self._href = None

    def handle_data(self, data: str) -> None:
        if self._script:
            self.scripts.append(data)
        if self._href is not None:
            self._text.append(data)


def parse(text: str) -> Links:
    parser = Links()
    parser.feed(text)
    return parser


def resolve(site: Path, page: str, href: str) -> Path | None:
    """The file a relative href of ``page`` (path from the site root) points at, or None for
    absolute URLs and fragments."""
    url, _fragment = urldefrag(href)
    if not url or urlsplit(url).scheme or url.startswith("/"):
        return None
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(url)))
    assert not target.startswith(".."), (page, href)
    path = site / target
    return path / "index.html" if url.endswith("/") or path.is_dir() else path


def html_pages(site: Path) -> Iterator[str]:
    for path in sorted(site.rglob("*.html")):
        relpath = path.relative_to(site).as_posix()
        if "/raw/" not in relpath:
            yield relpath


def skill_page_dirs(site: Path, prefix: str = "skills") -> list[str]:
    return sorted(p.parent.relative_to(site).as_posix() + "/"
                  for p in (site / prefix).glob("*/index.html"))


def assert_no_active_content(site: Path) -> None:
    """No page holds the canary in a script, an event handler or a javascript: URL, and the
    file the snippets extension could have pulled in never reached the site."""
    for relpath in html_pages(site):
        parsed = parse((site / relpath).read_text(encoding="utf-8"))
        assert not any(CANARY in script for script in parsed.scripts), relpath
        for tag, attrs in parsed.tags:
            for name, value in attrs.items():
                assert not (name.startswith("on") and CANARY in value), (relpath, tag, name)
                assert not value.strip().lower().startswith("javascript:"), (relpath, tag)
    for path in site.rglob("*"):
        if path.is_file():
            assert SNIPPET_SECRET.encode() not in path.read_bytes(), path


def assert_nav_has_one_entry(built: MkDocsBuilt, prefix: str = "skills") -> None:
    """No page but the index links to a skill page other than itself: the nav lists none."""
    skill_dirs = skill_page_dirs(built.site, prefix)
    assert skill_dirs
    for relpath in html_pages(built.site):
        if relpath == f"{prefix}/index.html":
            continue
        own = relpath.rsplit("/", 1)[0] + "/"
        for href, _text in parse(built.page(relpath)).links:
            target = resolve(built.site, relpath, href)
            if target is None:
                continue
            folder = target.parent.relative_to(built.site).as_posix() + "/"
            assert folder not in skill_dirs or folder == own, (relpath, href)


# The default theme -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def default_site(tmp_path_factory: pytest.TempPathFactory,
                 plugin_env: dict[str, str]) -> MkDocsBuilt:
    root = tmp_path_factory.mktemp("default")
    library = make_library(root)
    project = make_project(root, library,
                           markdown_extensions=["md_in_html", "attr_list", "abbr", "toc"])
    scratch = root / "tmp"
    scratch.mkdir()
    built = build_ok(project, {**plugin_env, "TMPDIR": str(scratch)})
    assert not list(scratch.iterdir())  # the staging folder is gone
    return built


def test_index_and_skill_pages_hold_their_text(default_site: MkDocsBuilt) -> None:
    index = default_site.page("skills/index.html")
    for slug, text in SKILLS.items():
        assert f'href="{slug}/"' in index, slug
        assert text in default_site.page(f"skills/{slug}/index.html"), slug
    assert "<p>4 skills · 3 valid · 1 with warnings · 1 invalid</p>" in index
    broken = default_site.page("skills/broken-skill/index.html")
    assert "<strong>invalid</strong>" in broken
    assert '[{"2024-01-01": "first", "3": "three"}]' in html.unescape(broken)
    assert "SC109" in broken
    pdf = default_site.page("skills/pdf-tools/index.html")
    assert "<title>pdf-tools - Example Docs</title>" in pdf
    assert ("raw/references/guide.md", "the guide") in parse(pdf).links
    assert '<a href="../pdf-tools.zip" download>' in pdf


def test_what_the_outputs_leave_out_is_on_the_index_page_and_in_catalog_json(
        default_site: MkDocsBuilt) -> None:
    """The log's SC040 lines (the PNG and the HTML file left out of the v0.1 well-known
    folder) are under the index page's "Library problems" and in catalog.json."""
    logged = [line for line in default_site.result.stderr.splitlines() if "SC040" in line]
    assert len(logged) >= 2, default_site.result.stderr
    index = html.unescape(default_site.page("skills/index.html"))
    assert '<h2 id="library-problems">Library problems</h2>' in index
    catalog = json.loads(default_site.page("catalog.json"))
    listed = {(d["skill"], d["file"]) for d in catalog["diagnostics"]}
    for line in logged:
        message = line.split(": SC040 warning: ", 1)[1]
        assert message in index, message
        relpath = message.split(": ", 1)[0]
        assert ("pdf-tools", relpath) in listed, (relpath, listed)


def test_every_link_of_the_generated_pages_resolves(default_site: MkDocsBuilt) -> None:
    pages = ["skills/index.html", *(d + "index.html" for d in skill_page_dirs(default_site.site))]
    for page in pages:
        parsed = parse(default_site.page(page))
        targets = [href for href in (a.get("href") or a.get("src") for t, a in parsed.tags
                                     if t in ("a", "img", "link", "script")) if href]
        for href in targets:
            target = resolve(default_site.site, page, href)
            if target is not None:
                assert target.is_file(), (page, href)


def test_raw_copies_keep_active_content_inert(default_site: MkDocsBuilt) -> None:
    raw = default_site.site / "skills" / "pdf-tools" / "raw"
    assert (raw / "SKILL.md").is_file()
    assert (raw / "assets" / "d.png").read_bytes() == PNG
    assert (raw / "assets" / "page.html.txt").is_file()
    assert not (raw / "assets" / "page.html").exists()
    # Hosts serve .rss and .xsd as XML types (mime-db, /etc/mime.types): text copies only.
    for name in ("feed.rss", "schema.xsd"):
        assert (raw / "assets" / f"{name}.txt").is_file()
        assert not (raw / "assets" / name).exists()


def test_nav_lists_only_the_index(default_site: MkDocsBuilt) -> None:
    assert_nav_has_one_entry(default_site)
    home = parse(default_site.page("index.html"))
    assert ("skills/", "Skills") in home.links


def test_hostile_skill_cannot_run_script(default_site: MkDocsBuilt) -> None:
    assert_no_active_content(default_site.site)
    page = default_site.page("skills/hostile/index.html")
    assert "Visible hostile text" in page
    assert f"md-in-html-{CANARY}" in page
    assert f"<strong>md-in-html-{CANARY}" not in page
    assert "{{ config.site_name }} stays text." in page
    assert f"&lt;b&gt;{CANARY}&lt;/b&gt; | cell" in page
    search = (default_site.site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert f"<script>alert(\\\"{CANARY}" not in search


def test_machine_readable_outputs_are_in_the_site(default_site: MkDocsBuilt) -> None:
    site = default_site.site
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    assert catalog["title"] == "Example Docs"
    entries = {entry["slug"]: entry for entry in catalog["skills"]}
    assert set(entries) == set(SKILLS)
    for slug, entry in entries.items():
        assert (site / entry["url"] / "index.html").is_file(), slug
    assert entries["pdf-tools"]["archive"] == "skills/pdf-tools.zip"
    with zipfile.ZipFile(site / "skills" / "pdf-tools.zip") as archive:
        assert "pdf-tools/SKILL.md" in archive.namelist()
    wellknown = json.loads((site / ".well-known" / "skills" / "index.json").read_text("utf-8"))
    assert {s["name"] for s in wellknown["skills"]} == {"pdf-tools", "release-notes", "hostile"}
    prompt = (site / "prompts" / "available_skills.xml").read_text(encoding="utf-8")
    assert "<name>pdf-tools</name>" in prompt
    assert "Broken_Skill" not in prompt
    index = json.loads((site / "search-index.json").read_text(encoding="utf-8"))
    assert "skills/pdf-tools/" in json.dumps(index)
    assert (site / "llms.txt").is_file()
    # MkDocs' own files are left alone: its sitemap, its search, no catalog shards
    assert "<urlset" in (site / "sitemap.xml").read_text(encoding="utf-8")
    assert not (site / "search" / "meta.js").exists()
    assert not (site / "robots.txt").exists()


def test_outputs_are_written_in_the_order_of_the_site_build(tmp_path: Path) -> None:
    """The adapter writes the catalog's files by the site build's writers in the build's order
    (docs/mkdocs.md): the files both write come in the same order, the skills' own copies (in
    the order each writes a skill's) taken as one step."""
    library = make_library(tmp_path)
    catalog = skill_catalog.load([library], config_from_mapping({"base_url": SITE_URL}))
    (tmp_path / "site").mkdir()
    (tmp_path / "staged").mkdir()
    site = OutputTree(tmp_path / "site")
    write_site(catalog, site, workers=1)
    staged = OutputTree(tmp_path / "staged")
    ctx = SiteContext.create(catalog)
    write_outputs(ctx, staged)
    both = set(site.files) & set(staged.files)
    assert {CATALOG, "llms.txt", "search-index.json", "skills/pdf-tools.zip"} <= both
    slugs = {site_skill.slug for site_skill in ctx.skills}

    def steps(files: list[str]) -> list[str]:
        found: list[str] = []
        for path in files:
            if path not in both:
                continue
            own = any(part.removesuffix(".zip") in slugs for part in path.split("/"))
            step = "a skill's copies" if own else path
            if not found or found[-1] != step:
                found.append(step)
        return found

    order = steps(site.files)
    assert order.index("search-index.json") < order.index("a skill's copies") < order.index(
        CATALOG)
    assert steps(staged.files) == order


# Install routes ------------------------------------------------------------------------------

SITE_URL = "https://docs.example.org/handbook/"


def install_section(page: str) -> str:
    """The Install section of a skill page (up to the next section)."""
    start = page.index('<h2 id="install"')
    return page[start:page.index('<h2 id="diagnostics"', start)]


def commands(section: str) -> list[str]:
    """Every command of a section, as a reader copies it (its text): the code blocks, then the
    commands of the copy-by-hand tables (each word in a span that keeps it whole)."""
    found = re.findall(r"<pre><code>(.*?)</code></pre>", section, re.S)
    found += re.findall(r'<td data-label="Command"><code>(.*?)</code></td>', section, re.S)
    return [html.unescape(re.sub(r"</?span[^>]*>", "", command)) for command in found]


def site_file(site: Path, url: str) -> Path:
    """The file of the built site an absolute URL of the site names."""
    assert url.startswith(SITE_URL), url
    return site / unquote(url[len(SITE_URL):])


@pytest.fixture(scope="module")
def routes_site(tmp_path_factory: pytest.TempPathFactory,
                plugin_env: dict[str, str]) -> MkDocsBuilt:
    """A site with a ``site_url`` (so every route is published) whose skill-catalog.yml
    withholds skills of trust status danger."""
    root = tmp_path_factory.mktemp("routes")
    library = make_library(root)
    write_skill(library, "installer", "name: installer\ndescription: Installs. Use when asked.",
                body="# Installer\n\n```bash\ncurl -fsSL https://get.example.org/i.sh | sh\n```\n")
    project = make_project(root, library, {"config": "skill-catalog.yml"}, site_url=SITE_URL)
    (project / "skill-catalog.yml").write_text("trust:\n  withhold: danger\n",
                                               encoding="utf-8")
    return build_ok(project, plugin_env)


def test_install_routes_name_files_of_the_built_site(routes_site: MkDocsBuilt) -> None:
    site, page = routes_site.site, routes_site.page("skills/pdf-tools/index.html")
    section = install_section(page)
    found = commands(section)
    npx, add, install, download, *by_hand = found
    # the skills CLI reads the v0.1 well-known index, which lists the skill and its files
    assert npx == f"npx skills add {SITE_URL} --skill pdf-tools"
    index = json.loads((site / ".well-known" / "skills" / "index.json").read_text("utf-8"))
    entry = next(e for e in index["skills"] if e["name"] == "pdf-tools")
    for name in entry["files"]:
        assert (site / ".well-known" / "skills" / "pdf-tools" / name).is_file(), name
    # the Claude Code marketplace lists the plugin, whose archive is in the site
    assert add == f"/plugin marketplace add {SITE_URL}claude-code/marketplace.json"
    marketplace = json.loads(site_file(site, add.rsplit(" ", 1)[1]).read_text("utf-8"))
    plugin, at = install.removeprefix("/plugin install ").split("@")
    assert (plugin, at) == ("pdf-tools", marketplace["name"])
    source = next(p["source"] for p in marketplace["plugins"] if p["name"] == plugin)
    assert site_file(site, source["url"]).is_file()
    assert "Needs Claude Code 2.1.224 or later" in section
    # Claude.ai and the copy by hand: the zip, linked, fetched and unpacked under one name
    assert download == f"curl -fsSLO {SITE_URL}skills/pdf-tools.zip"
    zip_path = site_file(site, download.rsplit(" ", 1)[1])
    links = {href for href, text in parse(section).links
             if text in ("Download the zip", "pdf-tools.zip")}
    assert links == {"../pdf-tools.zip"}
    assert resolve(site, "skills/pdf-tools/index.html", "../pdf-tools.zip") == zip_path
    with zipfile.ZipFile(zip_path) as archive:
        assert "pdf-tools/SKILL.md" in archive.namelist()  # lands in <folder>/pdf-tools/
    assert "In Claude.ai" in section
    assert by_hand[0] == "mkdir -p .claude/skills && unzip -o pdf-tools.zip -d .claude/skills"
    assert "mkdir -p ~/.claude/skills && unzip -o pdf-tools.zip -d ~/.claude/skills" in by_hand
    assert all(c.endswith(c.split(" -d ")[1]) and " pdf-tools.zip " in c for c in by_hand)
    assert '<td data-label="Read by">Claude Code, OpenCode</td>' in section


def test_invalid_and_withheld_skills_have_no_route(routes_site: MkDocsBuilt) -> None:
    broken = install_section(routes_site.page("skills/broken-skill/index.html"))
    assert "This skill is invalid" in broken
    withheld = install_section(routes_site.page("skills/installer/index.html"))
    assert ("Withheld by this catalog's trust policy: its trust status is danger"
            in html.unescape(withheld))
    for section in (broken, withheld):
        assert commands(section) == []
        assert "<a " not in section
    assert commands(install_section(routes_site.page("skills/release-notes/index.html")))


def test_without_site_url_only_the_zip_routes(default_site: MkDocsBuilt) -> None:
    """No base URL: no marketplace is published and the skills CLI has no address to read,
    so the page gives the Claude.ai upload and the copy by hand only."""
    section = install_section(default_site.page("skills/pdf-tools/index.html"))
    found = commands(section)
    assert found
    assert all(c.startswith("mkdir -p ") and c.count("pdf-tools.zip") == 1 for c in found)
    assert "In Claude.ai" in section
    assert "skills CLI" not in section
    assert "/plugin" not in section
    assert not (default_site.site / "claude-code").exists()


def test_a_route_to_a_file_of_the_site_is_left_out(tmp_path: Path,
                                                   plugin_env: dict[str, str]) -> None:
    """The site's own claude-code/marketplace.json wins over the catalog's: no page sends
    Claude Code to it."""
    project = make_project(tmp_path, make_library(tmp_path), site_url=SITE_URL)
    (project / "docs" / "claude-code").mkdir()
    ours = '{"name": "ours", "plugins": []}\n'
    (project / "docs" / "claude-code" / "marketplace.json").write_text(ours, encoding="utf-8")
    built = build_ok(project, plugin_env)
    assert (built.site / "claude-code" / "marketplace.json").read_text("utf-8") == ours
    section = install_section(built.page("skills/pdf-tools/index.html"))
    assert "/plugin" not in section
    assert f"npx skills add {SITE_URL} --skill pdf-tools" in commands(section)


def test_outputs_name_the_pages_where_mkdocs_puts_them(tmp_path: Path,
                                                       plugin_env: dict[str, str]) -> None:
    """Under another ``path`` and with file URLs, every page URL the outputs give (the
    marketplace's homepages, llms.txt's links, catalog.json's urls) is a page of the site."""
    project = make_project(tmp_path, make_library(tmp_path), {"path": "agents/catalog"},
                           site_url=SITE_URL, use_directory_urls=False)
    (project / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    site = build_ok(project, plugin_env).site
    marketplace = json.loads((site / "claude-code" / "marketplace.json").read_text("utf-8"))
    urls = [plugin["homepage"] for plugin in marketplace["plugins"]]
    urls += re.findall(r"\]\((https://[^)]+)\)", (site / "llms.txt").read_text("utf-8"))
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    urls += [SITE_URL + entry["url"] for entry in catalog["skills"]]
    assert len(urls) > 2 * len(marketplace["plugins"])
    for url in urls:
        assert site_file(site, url).is_file(), url
    assert f"{SITE_URL}agents/catalog/pdf-tools/index.html" in urls


# Other themes and options --------------------------------------------------------------------


def test_material_theme(tmp_path: Path, plugin_env: dict[str, str]) -> None:
    need_material()
    (tmp_path / "secret.txt").write_text(SNIPPET_SECRET, encoding="utf-8")
    library = make_library(tmp_path)
    project = make_project(
        tmp_path, library, theme={"name": "material", "features": ["navigation.instant"]},
        markdown_extensions=["md_in_html", "attr_list", "abbr",
                             {"pymdownx.snippets": {"base_path": [str(tmp_path)]}},
                             "pymdownx.superfences"])
    built = build_ok(project, plugin_env)
    for name, text in SKILLS.items():
        assert text in built.page(f"skills/{name}/index.html"), name
    assert_nav_has_one_entry(built)
    assert_no_active_content(built.site)
    assert "Skills" in [text for href, text in parse(built.page("index.html")).links
                        if href == "skills/"]
    assert (built.site / "catalog.json").is_file()


def test_yaml_values_of_every_kind(tmp_path: Path, plugin_env: dict[str, str]) -> None:
    """Integers too long to print, NaN, dates, binary, sets, merge keys, keys that are not
    strings, in every field: the adapter writes every page (issue 23, attack 4)."""
    library = make_library(tmp_path)
    odd = yaml_value_skills(library / "odd")
    built = build_ok(make_project(tmp_path, library), plugin_env)
    pages = sorted(built.site.glob("skills/*/index.html"))
    assert len(pages) == len(odd) + len(SKILLS)  # a page for each skill (by its slug)
    index = built.page("skills/index.html")
    assert "pdf-tools" in index
    assert_no_active_content(built.site)


def test_files_web_hosts_act_on_get_neutral_names(tmp_path: Path,
                                                  plugin_env: dict[str, str]) -> None:
    """A skill's .htaccess, web.config, run.php ... are copied into the MkDocs site under
    names no host acts on, as by ``skill-catalog build`` (issue 23, attack 9)."""
    library = make_library(tmp_path)
    host_file_skill(library)
    built = build_ok(make_project(tmp_path, library), plugin_env)
    raw = built.site / "skills" / "host-files" / "raw"
    names = {p.relative_to(raw).as_posix() for p in raw.rglob("*") if p.is_file()}
    assert {"_htaccess.txt", "web_config.txt", "_user_ini.txt", "scripts/shell_php.txt",
            "scripts/shell_php_txt.txt", "references/_well-known/security.txt"} <= names
    assert not names & (set(HOST_FILES) - {"references/notes.txt"})
    assert "raw/_htaccess.txt" in built.page("skills/host-files/index.html")


def test_an_existing_nav_entry_is_kept(tmp_path: Path, plugin_env: dict[str, str]) -> None:
    library = make_library(tmp_path)
    nav = [{"Home": "index.md"}, {"Agents": [{"Catalog": "skills/index.md"}]},
           {"Guide": "guide.md"}]
    built = build_ok(make_project(tmp_path, library, nav=nav), plugin_env)
    links = parse(built.page("guide/index.html")).links
    assert ("../skills/", "Catalog") in links
    assert not [text for href, text in links if href == "../skills/" and text == "Skills"]


def test_without_a_nav_mkdocs_lists_the_index_only(tmp_path: Path,
                                                   plugin_env: dict[str, str]) -> None:
    built = build_ok(make_project(tmp_path, make_library(tmp_path), nav=None), plugin_env)
    assert_nav_has_one_entry(built)


def test_options_path_title_outputs(tmp_path: Path, plugin_env: dict[str, str]) -> None:
    """Another prefix, no nav entry, no outputs, file URLs: still no warning."""
    project = make_project(tmp_path, make_library(tmp_path),
                           {"path": "/agents/catalog/", "nav_title": "", "outputs": False},
                           use_directory_urls=False)
    (project / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    built = build_ok(project, plugin_env)
    index = built.page("agents/catalog/index.html")
    assert 'href="pdf-tools/index.html"' in index
    assert "catalog.json" not in index
    page = built.page("agents/catalog/pdf-tools/index.html")
    assert 'href="raw/references/guide.md"' in page
    assert ".zip" not in page
    assert 'id="install"' not in page  # nothing to install from
    assert (built.site / "agents" / "catalog" / "pdf-tools" / "raw" / "SKILL.md").is_file()
    assert not (built.site / "catalog.json").exists()
    assert not (built.site / ".well-known").exists()
    assert not any("agents/catalog" in href for href, _ in parse(built.page("index.html")).links)


def test_skill_catalog_config_applies(tmp_path: Path, plugin_env: dict[str, str]) -> None:
    library = tmp_path / "library"
    write_skill(library, "quiet", "name: quiet\ndescription: Extract tables from PDF files.")
    project = make_project(tmp_path, library, site_url="https://docs.example.org/")
    (project / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    before = build_ok(project, plugin_env)
    assert "SC209" in before.page("skills/quiet/index.html")
    catalog = json.loads((before.site / "catalog.json").read_text("utf-8"))
    assert catalog["base_url"] == "https://docs.example.org/"  # site_url, when the config has none
    assert "https://docs.example.org/.well-known/skills/quiet/SKILL.md" in (
        before.site / "llms.txt").read_text("utf-8")
    (project / "skill-catalog.yml").write_text("title: Agent skills\nrules:\n  SC209: off\n",
                                               encoding="utf-8")
    config = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    config["plugins"][1]["skill-catalog"]["config"] = "skill-catalog.yml"
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    after = build_ok(project, plugin_env)
    page = after.page("skills/quiet/index.html")
    assert "SC209" not in page
    assert "No problems found." in page
    assert json.loads((after.site / "catalog.json").read_text("utf-8"))["title"] == "Agent skills"


@pytest.mark.parametrize(("options", "message"), [
    ({"path": "../outside"}, "'path' must be a relative URL path"),
    ({"roots": ["missing"]}, "no such root"),
    ({"roots": []}, "'roots' lists no folder"),
    ({"config": "bad.yml"}, "unrecognised configuration name"),
])
def test_bad_options_stop_the_build(tmp_path: Path, plugin_env: dict[str, str],
                                    options: dict[str, Any], message: str) -> None:
    project = make_project(tmp_path, make_library(tmp_path), options)
    (project / "bad.yml").write_text("titel: typo\n", encoding="utf-8")
    built = run_mkdocs(project, plugin_env)
    assert built.result.returncode != 0
    assert message in built.result.stderr


def test_a_page_of_the_site_is_never_replaced(tmp_path: Path,
                                              plugin_env: dict[str, str]) -> None:
    project = make_project(tmp_path, make_library(tmp_path))
    (project / "docs" / "skills").mkdir()
    (project / "docs" / "skills" / "pdf-tools.md").write_text("# Ours\n", encoding="utf-8")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    built = run_mkdocs(project, {**plugin_env, "TMPDIR": str(scratch)})
    assert built.result.returncode != 0
    assert not list(scratch.iterdir())
    assert "skills/pdf-tools/index.md would replace skills/pdf-tools.md" in built.result.stderr


# Pieces --------------------------------------------------------------------------------------


def test_entry_point_is_declared() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject["project"]
    assert project["entry-points"]["mkdocs.plugins"]["skill-catalog"] == MKDOCS_ENTRY_POINT
    assert "mkdocs>=1.6,<2" in project["optional-dependencies"]["mkdocs"]
    assert "mkdocs>=1.6,<2" in project["optional-dependencies"]["test"]
    assert SkillCatalogPlugin.__name__ == MKDOCS_ENTRY_POINT.rsplit(":", 1)[1]


def test_core_does_not_import_mkdocs() -> None:
    code = ("import sys, skill_catalog, skill_catalog.site.build, skill_catalog.cli, "
            "skill_catalog.mkdocs_adapter.pages; sys.exit('mkdocs' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO, check=False).returncode == 0


@pytest.mark.parametrize("title", ['a "quoted" title', "line\nbreak", "</title><b>x</b>",
                                   "colon: and # hash", "\ud800 surrogate", "{{ x }}"])
def test_frame_title_is_yaml_and_escaped(title: str) -> None:
    text = frame(title, [("body", "Instructions")])
    meta = yaml.safe_load(text.split("---")[1])
    assert "<" not in meta["title"]
    assert ">" not in meta["title"]
    assert "\n" not in meta["title"]
    assert '<div data-skill-catalog="body"></div>' in text
    assert "## Instructions" in text


SKILL_PARTS = ("header", *(part for part, _heading in SECTIONS))
INDEX_PARTS = {"index": "index", "skills": "skills", "library": "diagnostics"}
"""The index page's placeholders and their templates (the library's problems are listed as a
skill page's diagnostics are)."""
assert set(INDEX_PARTS) == {"index", *(part for part, _heading in INDEX_SECTIONS)}


def fragments_of(library: Path, theme: Path | None) -> tuple[dict[str, str], dict[str, str]]:
    """The fragments of the first skill's page and of the index page, rendered through the
    site's environment with ``theme``'s templates first."""
    catalog = skill_catalog.load([library], Config())
    ctx = SiteContext.create(catalog)
    site_skill = ctx.skills[0]
    env = page_environment(theme)
    files = tuple(PublishedFile(item, f"raw/{item.relpath}") for item in site_skill.skill.files)
    page = SkillPage(site_skill, files, "../x.zip", install_section=True)
    note = emit("SC040", "a note about the library")
    return (skill_fragments(page, catalog, env),
            index_fragments("Skills", "", ctx.skills, "skills/", catalog, [note], env,
                            outputs=True))


def test_every_fragment_comes_from_its_template(tmp_path: Path) -> None:
    """A theme whose mkdocs/<part>.html says only its name makes every fragment that name: no
    section's HTML is built anywhere but in its template."""
    library = tmp_path / "library"
    write_skill(library, "probe", files={"scripts/run.py": "print(1)\n"})
    theme = tmp_path / "theme"
    (theme / TEMPLATES).mkdir(parents=True)
    for name in {*SKILL_PARTS, *INDEX_PARTS.values()}:
        (theme / TEMPLATES / f"{name}.html").write_text(f"probe {name}", encoding="utf-8")
    skill_page, index = fragments_of(library, theme)
    assert skill_page == {part: f"probe {part}" for part in SKILL_PARTS}
    assert index == {part: f"probe {name}" for part, name in INDEX_PARTS.items()}
    ours = {path.stem for path in (REPO / "templates" / TEMPLATES).glob("*.html")}
    assert ours == {*SKILL_PARTS, *INDEX_PARTS.values(), "table"}  # table.html: its macros


def test_fragments_escape_every_value(tmp_path: Path) -> None:
    library = tmp_path / "library"
    write_skill(library, "probe", f"""
        name: probe
        description: "<img src=x onerror=alert('{CANARY}')> Use when testing."
        metadata:
          "<i>key</i>": "<b>{CANARY}</b>"
        """, files={"references/<svg onload=x>.md": "text\n"})
    skill_page, index = fragments_of(library, None)
    for part, html_text in {**skill_page, **index}.items():
        assert "<img" not in html_text, part
        assert "<b>" not in html_text, part
        assert "<svg" not in html_text, part
    assert "&lt;img src=x onerror=alert(&#39;" in skill_page["header"]
    assert f"<code>metadata.&lt;i&gt;key&lt;/i&gt;</code></td><td>&lt;b&gt;{CANARY}" in (
        skill_page["metadata"])
    assert ('<a href="raw/references/&lt;svg onload=x&gt;.md"><code>references/&lt;svg '
            'onload=x&gt;.md</code></a>') in skill_page["files"]


FACTS = REPO / "templates" / "facts.html"
MACRO = re.compile(r"{% macro (\w+)\(.*?\) %}(.*?){% endmacro %}", re.S)


def test_what_both_sites_say_is_written_once() -> None:
    """Each sentence of templates/facts.html is said by the site's pages (skill, index) and the
    MkDocs adapter's through its macro (directly or through another of its macros), and
    neither holds a copy of its words."""
    facts = FACTS.read_text(encoding="utf-8")
    macros = dict(MACRO.findall(facts))
    assert {"counts_line", "description_cut", "more", "frontmatter_withheld",
            "install_withheld", "install_invalid", "zip_by_hand"} <= set(macros)
    pages = {"site": "".join((REPO / "templates" / name).read_text(encoding="utf-8")
                             for name in ("skill.html", "index.html")),
             "mkdocs/": "".join(path.read_text(encoding="utf-8") for path in
                                sorted((REPO / "templates" / TEMPLATES).glob("*.html")))}
    for where, text in pages.items():
        called = {name for name in macros if f"facts.{name}(" in text}
        called |= {name for name in macros for caller in called
                   if re.search(rf"\b{name}\(", macros[caller])}
        assert called == set(macros), (where, set(macros) - called)
        for body in macros.values():
            for words in re.split(r"{[{%].*?[}%]}|<[^>]*>", body):
                sentence = " ".join(words.split())
                assert len(sentence.split()) < 4 or sentence not in text, (where, sentence)


def test_the_install_section_says_what_the_site_script_says() -> None:
    """The site's skill page shows its install routes with script (assets/skill.js builds them
    from the page's data); the adapter's pages, without script, from mkdocs/install.html. Every
    sentence of the script's routes is in that template or in facts.html, word for
    word."""
    script = (REPO / "templates" / "assets" / "skill.js").read_text(encoding="utf-8")
    routes = script[script.index("function installRoutes("):script.index("function promptSection(")]
    literals = [json.loads(f'"{text}"') for text in re.findall(r'"((?:[^"\\]|\\.)*)"', routes)]
    sentences = [" ".join(text.split()) for text in literals if len(text.split()) >= 4]
    assert len(sentences) >= 10
    ours = " ".join(((REPO / "templates" / TEMPLATES / "install.html").read_text(encoding="utf-8")
                     + FACTS.read_text(encoding="utf-8")).split())
    assert [s for s in sentences if s not in ours] == []


@pytest.mark.parametrize(("target", "page", "expected"), [
    ("skills/pdf/", "skills/", "pdf/"),
    ("skills/pdf/index.html", "skills/index.html", "pdf/index.html"),
    ("catalog.json", "skills/", "../catalog.json"),
    ("skills/pdf.zip", "skills/pdf/", "../pdf.zip"),
    ("skills/pdf.zip", "a/b/pdf/index.html", "../../../skills/pdf.zip"),
    ("skills/", "", "skills/"),
])
def test_relative_url(target: str, page: str, expected: str) -> None:
    assert relative_url(target, page) == expected


@pytest.mark.parametrize(("nav", "expected"), [
    ([{"Home": "index.md"}], False),
    ([{"Home": "index.md"}, {"Skills": "skills/index.md"}], True),
    ([{"Section": [{"All": "/skills/"}]}], True),
    (["./skills/index.md"], True),
    ([{"Other": "skills/pdf/index.md"}], False),
])
def test_mentions_index(nav: Any, expected: bool) -> None:
    assert mentions_index(nav, "skills") is expected


def test_url_prefix() -> None:
    assert url_prefix("/docs/skills/") == "docs/skills"
    for bad in ("", "..", "a/../b", ".well-known", "a b", "a\\b"):
        with pytest.raises(Exception, match="'path' must be"):
            url_prefix(bad)


# Size ----------------------------------------------------------------------------------------


def site_bytes(site: Path) -> tuple[int, int, int]:
    """(total bytes, HTML bytes, HTML pages)."""
    pages = list(site.rglob("*.html"))
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    return total, sum(p.stat().st_size for p in pages), len(pages)


@pytest.mark.slow
def test_size_against_a_nav_per_skill_site(tmp_path: Path, plugin_env: dict[str, str]) -> None:
    """Printed for docs/mkdocs.md: 300 skills through the plugin, and the same bodies as plain
    pages with a nav entry each (the naive way)."""
    count = 300
    body = "# Skill\n\n" + "Some instructions for the agent. " * 40 + "\n"
    library = tmp_path / "library"
    for i in range(count):
        write_skill(library, f"skill-{i:03d}", body=body)
    plugin = build_ok(make_project(tmp_path / "plugin", library, {"outputs": False}), plugin_env)
    naive_project = make_project(tmp_path / "naive", library)
    config = yaml.safe_load((naive_project / "mkdocs.yml").read_text(encoding="utf-8"))
    config["plugins"] = ["search"]
    (naive_project / "docs" / "skills").mkdir()
    (naive_project / "docs" / "skills" / "index.md").write_text("# Skills\n", encoding="utf-8")
    nav_entries: list[Any] = ["skills/index.md"]
    for i in range(count):
        name = f"skill-{i:03d}"
        (naive_project / "docs" / "skills" / f"{name}.md").write_text(body, encoding="utf-8")
        nav_entries.append({name: f"skills/{name}.md"})
    config["nav"] = [*config["nav"], {"Skills": nav_entries}]
    (naive_project / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    naive = build_ok(naive_project, plugin_env)
    for label, built in (("plugin", plugin), ("nav per skill", naive)):
        total, html_bytes, pages = site_bytes(built.site)
        print(f"\n{label}: {pages} pages, HTML {html_bytes / 1e6:.2f} MB "
              f"({html_bytes / pages / 1e3:.1f} KB a page), site {total / 1e6:.2f} MB")
    assert site_bytes(plugin.site)[2] >= count


def test_skills_are_dated_by_git(tmp_path: Path, plugin_env: dict[str, str]) -> None:
    """The adapter dates each skill by its last commit, on its page and in catalog.json, as
    ``skill-catalog build`` does (docs/mkdocs.md: no changes page or feed)."""
    from tests.helpers.git import GIT_ENV

    library = tmp_path / "lib"
    write_skill(library, "old-one")
    write_skill(library, "new-one")

    def git(*args: str, when: int = 0) -> None:
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True,
                       env={**os.environ, **GIT_ENV, "GIT_COMMITTER_DATE": f"@{when} +0000"})

    git("init", "-q", "-b", "main")
    git("add", "lib/old-one")
    git("commit", "-q", "-m", "old", when=1_767_261_600)
    git("add", "lib/new-one")
    git("commit", "-q", "-m", "new", when=1_767_348_000)
    project = make_project(tmp_path, library)
    env = {k: v for k, v in plugin_env.items() if k != "SOURCE_DATE_EPOCH"}
    built = build_ok(project, env)
    data = json.loads((built.site / "catalog.json").read_text(encoding="utf-8"))
    dates = {s["name"]: s["last_changed"] for s in data["skills"]}
    assert dates == {"old-one": "2026-01-01T10:00:00Z", "new-one": "2026-01-02T10:00:00Z"}
    page = built.page("skills/old-one/index.html")
    assert "<code>last changed</code>" in page
    assert "2026-01-01T10:00:00Z" in page
